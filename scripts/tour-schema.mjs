// Writes docs/tour.schema.json from the reader's schema (protocol/tour/schema.ts), formatted as
// the repository formats JSON. Run after `npm run build`: `node scripts/tour-schema.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { tourJsonSchema } = await import(pathToFileURL(path.join(root, 'dist', 'node', 'protocol', 'tour', 'schema.js')).href);
const out = path.join(root, 'docs', 'tour.schema.json');
const options = (await prettier.resolveConfig(out)) ?? {};
fs.writeFileSync(out, await prettier.format(JSON.stringify(tourJsonSchema()), { ...options, filepath: out }));
process.stdout.write(`${path.relative(root, out)}\n`);
