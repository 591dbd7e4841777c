import type { ComponentType } from 'react';

/**
 * The staff screens' page modules (src/app/routes/admin/…, and the contract's /warranty and
 * /add-product), listed in a chunk of their own that the router loads the first time a staff
 * screen opens: the start file every shopper downloads no longer carries an entry per staff screen
 * (each new screen grew the home page's JavaScript, whose budget is for shoppers: issue 25).
 */
export const staffPageModules = import.meta.glob<{ default: ComponentType }>([
  './routes/admin/**/*.tsx',
  './routes/warranty.tsx',
  './routes/add-product.tsx',
  '!./routes/**/*.test.tsx',
]);
