/**
 * Options and variants of a product (issue 27, decision 039): the shapes of the product page's
 * added fields and of the staff's GET/PUT /api/admin/products/{id}/variants, with Albanian
 * messages naming the option or the variant's row.
 */
import { z } from '../zod-sq';
import { isValidBarcode, variantLimits } from '../domain/variants';
import { adminPriceSchema, oldPriceSchema } from './admin';
import { productVariantSchema, productOptionSchema } from './product';

export const variantMsg = {
  options: `Opsionet duhet të jenë një listë me të shumtën ${variantLimits.options} opsione (p.sh. Ngjyra, Memoria).`,
  optionName: `Emri i opsionit duhet të ketë 1 deri në ${variantLimits.optionName} shenja (p.sh. Ngjyra).`,
  optionValues: `Çdo opsion duhet të ketë 1 deri në ${variantLimits.valuesPerOption} vlera.`,
  optionValue: `Vlera e opsionit duhet të ketë 1 deri në ${variantLimits.optionValue} shenja (p.sh. Titanium i zi, 256 GB).`,
  optionTwice: (name: string) => `Opsioni “${name}” është dy herë.`,
  valueTwice: (option: string, value: string) => `Vlera “${value}” e opsionit “${option}” është dy herë.`,
  variants: `Produkti duhet të ketë 1 deri në ${variantLimits.variants} variante.`,
  oneWithoutOptions: 'Një produkt pa opsione ka saktësisht një variant.',
  variantValues: (row: number, options: number) => `Varianti ${row}: zgjidhni një vlerë për secilin nga ${options} opsionet, sipas radhës.`,
  unknownValue: (row: number, option: string, value: string) => `Varianti ${row}: “${value}” nuk është vlerë e opsionit “${option}”.`,
  combinationTwice: (row: number, first: number) => `Varianti ${row}: ky kombinim i opsioneve është tashmë te varianti ${first}.`,
  sku: `SKU e variantit duhet të ketë 1 deri në ${variantLimits.sku} shenja: shkronja, shifra dhe . _ - /.`,
  skuTwice: (row: number, first: number) => `Varianti ${row}: SKU është tashmë te varianti ${first}.`,
  skuTaken: (sku: string) => `SKU “${sku}” e ka tashmë një produkt tjetër.`,
  barcode: 'Barkodi (EAN) duhet të ketë 8, 12, 13 ose 14 shifra dhe shifrën e kontrollit të saktë.',
  barcodeTwice: (row: number, first: number) => `Varianti ${row}: barkodi është tashmë te varianti ${first}.`,
  barcodeTaken: (barcode: string) => `Barkodi “${barcode}” e ka tashmë një produkt tjetër.`,
  price: 'Çmimi i variantit mungon ose nuk është i vlefshëm: një numër pozitiv me të shumtën 2 shifra dhjetore.',
  stock: `Stoku i variantit duhet të jetë një numër i plotë nga 0 deri në ${variantLimits.stockMax.toLocaleString('de-DE')} (bosh: pa kufi).`,
  images: 'Fotot e variantit duhet të jenë foto të ngarkuara të këtij produkti.',
  defaultTwice: 'Vetëm një variant mund të jetë i parazgjedhur.',
} as const;

const optionTextSchema = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, message);

export const optionInputSchema = z.object(
  {
    name: optionTextSchema(variantMsg.optionName, variantLimits.optionName),
    values: z
      .array(optionTextSchema(variantMsg.optionValue, variantLimits.optionValue), { error: variantMsg.optionValues })
      .min(1, variantMsg.optionValues)
      .max(variantLimits.valuesPerOption, variantMsg.optionValues),
  },
  { error: variantMsg.options },
);

export const variantInputSchema = z.object(
  {
    /** One value per option, in the options' order (the values as typed in `options`). */
    values: z
      .array(z.string({ error: variantMsg.optionValue }).trim(), { error: variantMsg.optionValue })
      .max(variantLimits.options, variantMsg.optionValue),
    sku: z
      .string({ error: variantMsg.sku })
      .trim()
      .min(1, variantMsg.sku)
      .max(variantLimits.sku, variantMsg.sku)
      .regex(/^[A-Za-z0-9._\-/]+$/, variantMsg.sku),
    /** EAN-8, UPC-A, EAN-13 or GTIN-14 with its check digit; null or '': none. */
    barcode: z
      .string({ error: variantMsg.barcode })
      .trim()
      .refine((v) => v === '' || isValidBarcode(v), { message: variantMsg.barcode })
      .nullable()
      .optional(),
    price: z.number({ error: variantMsg.price }).pipe(adminPriceSchema),
    oldPrice: oldPriceSchema.nullable().optional(),
    /** Units on the shelf; null or left out: not tracked, always sellable (domain/variants stockOrUntracked). */
    stock: z
      .number({ error: variantMsg.stock })
      .int(variantMsg.stock)
      .min(0, variantMsg.stock)
      .max(variantLimits.stockMax, variantMsg.stock)
      .nullable()
      .optional(),
    /** Ids of the product's uploaded photos shown for this variant (a colour's photos); none: the product's. */
    images: z
      .array(z.number({ error: variantMsg.images }).int(variantMsg.images).positive(variantMsg.images), { error: variantMsg.images })
      .max(30, variantMsg.images)
      .optional(),
    /** The variant a product link and the contract's order lines mean; the first when none is marked. */
    isDefault: z.boolean({ error: variantMsg.defaultTwice }).optional(),
  },
  { error: variantMsg.variants },
);

/**
 * The body of PUT /api/admin/products/{id}/variants: the product's options in order, each with its
 * values in order, and every variant (all of them: the list replaces the product's). Checked here,
 * each refusal naming the option or the variant's row (1-based, as the admin's grid numbers them):
 * an option or value twice, a variant without a value for each option or with one the option does
 * not have, a combination, SKU or barcode twice, more than one default. A SKU or barcode another
 * product holds is the server's 409.
 */
export const variantsBodySchema = z
  .object({
    options: z.array(optionInputSchema, { error: variantMsg.options }).max(variantLimits.options, variantMsg.options),
    variants: z
      .array(variantInputSchema, { error: variantMsg.variants })
      .min(1, variantMsg.variants)
      .max(variantLimits.variants, variantMsg.variants),
  })
  .superRefine((body, ctx) => {
    const key = (v: string) => v.toLocaleLowerCase('sq');
    const names = new Set<string>();
    body.options.forEach((o, i) => {
      if (names.has(key(o.name))) ctx.addIssue({ code: 'custom', message: variantMsg.optionTwice(o.name), path: ['options', i, 'name'] });
      names.add(key(o.name));
      const values = new Set<string>();
      o.values.forEach((v, j) => {
        if (values.has(key(v)))
          ctx.addIssue({ code: 'custom', message: variantMsg.valueTwice(o.name, v), path: ['options', i, 'values', j] });
        values.add(key(v));
      });
    });
    if (body.options.length === 0 && body.variants.length !== 1) {
      ctx.addIssue({ code: 'custom', message: variantMsg.oneWithoutOptions, path: ['variants'] });
    }
    const combos = new Map<string, number>();
    const skus = new Map<string, number>();
    const barcodes = new Map<string, number>();
    let defaults = 0;
    body.variants.forEach((v, i) => {
      const row = i + 1;
      if (v.values.length !== body.options.length) {
        ctx.addIssue({ code: 'custom', message: variantMsg.variantValues(row, body.options.length), path: ['variants', i, 'values'] });
      } else {
        const unknown = v.values.findIndex((value, j) => !body.options[j]!.values.some((known) => key(known) === key(value)));
        if (unknown >= 0) {
          ctx.addIssue({
            code: 'custom',
            message: variantMsg.unknownValue(row, body.options[unknown]!.name, v.values[unknown]!),
            path: ['variants', i, 'values', unknown],
          });
        }
        const combo = v.values.map(key).join('\u0000');
        const first = combos.get(combo);
        if (first !== undefined)
          ctx.addIssue({ code: 'custom', message: variantMsg.combinationTwice(row, first), path: ['variants', i, 'values'] });
        else combos.set(combo, row);
      }
      const sku = key(v.sku);
      const skuFirst = skus.get(sku);
      if (skuFirst !== undefined)
        ctx.addIssue({ code: 'custom', message: variantMsg.skuTwice(row, skuFirst), path: ['variants', i, 'sku'] });
      else skus.set(sku, row);
      if (v.barcode) {
        const barcodeFirst = barcodes.get(v.barcode);
        if (barcodeFirst !== undefined) {
          ctx.addIssue({ code: 'custom', message: variantMsg.barcodeTwice(row, barcodeFirst), path: ['variants', i, 'barcode'] });
        } else barcodes.set(v.barcode, row);
      }
      if (v.isDefault) defaults++;
    });
    if (defaults > 1) ctx.addIssue({ code: 'custom', message: variantMsg.defaultTwice, path: ['variants'] });
  });
export type VariantsBody = z.infer<typeof variantsBodySchema>;
export type VariantsBodyInput = z.input<typeof variantsBodySchema>;

/** The staff's view (GET and the answer of PUT /api/admin/products/{id}/variants): barcode and units too. */
export const adminVariantsSchema = z.object({
  productId: z.string(),
  options: z.array(productOptionSchema),
  variants: z.array(
    productVariantSchema.omit({ stock: true, gallery: true }).extend({
      barcode: z.string().nullable(),
      /** Units on the shelf; null: not tracked. */
      stock: z.number().nullable(),
      /** Ids of the product's uploaded photos shown for this variant. */
      images: z.array(z.number()),
    }),
  ),
});
export type AdminVariants = z.infer<typeof adminVariantsSchema>;
