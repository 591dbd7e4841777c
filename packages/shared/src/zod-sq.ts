import { z } from 'zod';

// Albanian default messages for every schema that does not give its own.
// Each message names the field, so an API validation error always says what is wrong where.
const fieldName = (path: readonly PropertyKey[] | undefined): string => (path && path.length > 0 ? path.map(String).join('.') : 'kërkesa');

const typeNames: Record<string, string> = {
  string: 'tekst',
  number: 'numër',
  int: 'numër i plotë',
  boolean: 'po/jo',
  array: 'listë',
  object: 'objekt',
  date: 'datë',
};

export const albanianErrorMap: z.core.$ZodConfig['customError'] = (issue) => {
  const field = `Fusha "${fieldName(issue.path)}"`;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${field} mungon.`;
      return `${field} duhet të jetë ${typeNames[String(issue.expected)] ?? String(issue.expected)}.`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? `${field} nuk mund të jetë bosh.`
          : `${field} duhet të ketë të paktën ${String(issue.minimum)} karaktere.`;
      if (issue.origin === 'array') return `${field} duhet të ketë të paktën ${String(issue.minimum)} elemente.`;
      return `${field} duhet të jetë ${issue.inclusive ? 'të paktën' : 'më e madhe se'} ${String(issue.minimum)}.`;
    case 'too_big':
      if (issue.origin === 'string') return `${field} mund të ketë të shumtën ${String(issue.maximum)} karaktere.`;
      if (issue.origin === 'array') return `${field} mund të ketë të shumtën ${String(issue.maximum)} elemente.`;
      return `${field} duhet të jetë ${issue.inclusive ? 'të shumtën' : 'më e vogël se'} ${String(issue.maximum)}.`;
    case 'invalid_format':
      if (issue.format === 'email') return `${field} nuk është një email i vlefshëm.`;
      return `${field} nuk ka formatin e duhur.`;
    case 'invalid_value':
      return `${field} ka një vlerë të palejuar.`;
    case 'unrecognized_keys':
      return `Kërkesa ka fusha të panjohura: ${issue.keys.join(', ')}.`;
    case 'not_multiple_of':
      return `${field} ka shumë shifra dhjetore.`;
    default:
      return `${field} nuk është e vlefshme.`;
  }
};

z.config({ customError: albanianErrorMap });

export { z };
