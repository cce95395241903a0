/**
 * The first step of `npm test`: the Debian programs the tests drive — Chromium for the browser
 * journeys, poppler-utils' pdftotext and pdftoppm to read the survey report back — installed
 * when missing, so the README's test command works as written on a fresh machine.
 */
import { aptInstall, which } from './debian-packages.mjs';

const missing = [];
if (!process.env.CHROMIUM_PATH && !which('chromium')) missing.push('chromium');
if (!which('pdftotext') || !which('pdftoppm')) missing.push('poppler-utils');
aptInstall(missing, (line) => console.log(`test tools: ${line}`));
