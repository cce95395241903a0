/** `npm run api:types`: writes shared/api-types.ts from the API's OpenAPI document. */
import { writeFile } from 'node:fs/promises';
import { CLIENT_TYPES_FILE, clientTypes } from '../server/api/contract/client-types.js';

await writeFile(CLIENT_TYPES_FILE, await clientTypes());
process.stdout.write(`wrote ${CLIENT_TYPES_FILE}\n`);
