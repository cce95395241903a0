/**
 * What `npm install` runs: every dependency with an install script is reviewed in package.json's
 * `allowScripts` (npm's own allowlist, npm ≥ 11), and none reports the installation anywhere.
 * esbuild's checks that its platform binary is installed; @scarf/scarf's (it comes with
 * swagger-ui-dist, the API reference page's bundle) sends install analytics, so it is denied, and
 * `scarfSettings.enabled: false` turns it off for package managers that still run it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const json = (file: string) => JSON.parse(readFileSync(new URL(file, root), 'utf8')) as Record<string, unknown>;

describe('install scripts', () => {
  it('are all reviewed in allowScripts, the telemetry denied', () => {
    const allow = json('package.json').allowScripts as Record<string, boolean>;
    const packages = json('package-lock.json').packages as Record<string, { hasInstallScript?: boolean }>;
    const unreviewed = Object.entries(packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
      .filter((name) => !(name in allow));
    expect(unreviewed).toEqual([]);
    expect(allow['@scarf/scarf']).toBe(false);
  });

  it('report nothing when a package manager runs scarf anyway', () => {
    expect(json('package.json').scarfSettings).toEqual({ enabled: false });
  });
});
