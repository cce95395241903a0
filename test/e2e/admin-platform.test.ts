/**
 * The identity platform's administration in Debian's Chromium, in one global administrator's
 * browser session: recovery is switched to an e-mailed link and saved, and the change appears in
 * the history in words; a save made after someone else's is refused with a reload; a social
 * sign-in provider is added (its secret never shown again) and removed; an API key is made, its
 * value shown once and working, then revoked after a confirmation and refused; the members are
 * listed and the last administrator cannot be removed. On the Permissions tab a broken model is
 * marked at its line, fixed and saved after a diff; relationships are added (an id and a subject
 * set), paged, found with filters and deleted after a confirmation; a check answers allowed and
 * denied; an expand tree is folded and unfolded. Every screen is audited with axe-core and saved
 * at desktop and phone width, light and dark.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, uniqueEmail } from './support/account-page.js';
import { api, expectAccessible, newAppPage, screenshotsOf } from './support/app-page.js';
import { launchChromium } from './support/chromium.js';
import { screenshotOnFailure } from './support/failure-shots.js';
import { startStack, type Stack } from './support/stack.js';

interface Project {
  id: string;
  revision_id: string;
  services: { identity: { config: { selfservice: { flows: { recovery: { use: string } }; methods: { oidc: { config: { providers: unknown[] } } } } } } };
}

let stack: Stack;
let browser: Browser;
let admin: Page;
let projectId: string;
const adminEmail = uniqueEmail('platform-admin');

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
  admin = await newAppPage(browser);
  // The first account the API sees is the installation's global administrator.
  await register(admin, stack, adminEmail);
  await admin.getByRole('heading', { name: 'Verify your account' }).waitFor();
  await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
  projectId = (await api<{ id: string }[]>(admin, 'GET', '/.ory/projects'))[0]!.id;
}, 90_000);
screenshotOnFailure('admin-platform', () => ({ '': admin }));
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const readProject = () => api<Project>(admin, 'GET', `/.ory/projects/${projectId}`);
const readClipboard = (page: Page) => page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
const tab = (name: string) => admin.getByRole('tab', { name });

/** Picks an option of a select field (a button named by its value and its label, then a list box). */
async function choose(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  await admin.getByRole('listbox', { name: label, exact: true }).getByRole('option', { name: option, exact: true }).click();
}

const FIRST_MODEL = 'class User implements Namespace {}\n';
const BROKEN_MODEL = `class User implements Namespace {}

class Group implements Namespace {
  related: { members: Usr[] }
}
`;
const MODEL = `class User implements Namespace {}

class Group implements Namespace {
  related: { members: User[] }
}

class Folder implements Namespace {
  related: {
    viewers: (User | SubjectSet<Group, "members">)[]
    blocked: User[]
  }
  permits = {
    view: (ctx: Context): boolean => this.related.viewers.includes(ctx.subject) && !this.related.blocked.includes(ctx.subject),
  }
}
`;

describe('the identity platform administration', () => {
  it('saves recovery by link as one change, shows it in the history, and refuses a save made after someone else’s', async () => {
    await admin.goto(`${stack.url}/admin`);
    await admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Identity platform' }).click();
    await admin.waitForURL(/\/admin\/platform$/);
    await admin.getByRole('heading', { level: 1, name: 'Identity platform' }).waitFor();
    const recovery = admin.getByRole('form', { name: 'Recovery and verification' });
    const save = recovery.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-settings');

    await recovery.getByRole('button', { name: /Account recovery/ }).click();
    await admin.getByRole('listbox', { name: 'Account recovery' }).getByRole('option', { name: 'An e-mailed link' }).click();
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await admin.getByText('Recovery and verification: your changes were saved').waitFor();
    await expect.poll(async () => save.isDisabled()).toBe(true);
    const saved = await readProject();
    expect(saved.services.identity.config.selfservice.flows.recovery.use).toBe('link');

    await admin.getByText('The whole configuration as JSON').click();
    await admin.getByText('"use": "link"').first().waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-json');

    await tab('History').click();
    await admin.waitForURL(/\/admin\/platform\/history$/);
    // Newest first: the change just saved, by this administrator, in words.
    const newest = admin.locator('li.revision').first();
    await newest.locator('.revision-ops li', { hasText: 'set services.identity.config.selfservice.flows.recovery.use to link' }).waitFor();
    expect(await newest.locator('.revision-ops li').count()).toBe(1);
    await newest.getByText('Ada Lovelace').waitFor();
    await admin.getByText('The first configuration, from the installation’s settings.').waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-history');

    // Someone else changes the project (here through the API) while the form is open.
    await tab('Settings').click();
    const sessions = admin.getByRole('form', { name: 'Sessions' });
    await sessions.getByRole('textbox', { name: 'Session lifespan' }).fill('12');
    // The amount counts once the field is left, as a person leaves it for the unit.
    await sessions.getByRole('textbox', { name: 'Session lifespan' }).press('Tab');
    await sessions.getByRole('combobox', { name: 'Unit of Session lifespan' }).selectOption('h');
    await sessions.getByText('Stored as 24h; saving stores 12h').waitFor();
    await api(admin, 'PATCH', `/.ory/projects/${projectId}`, [{ op: 'replace', path: '/services/oauth2/config/strategies/access_token', value: 'jwt' }]);
    await sessions.getByRole('button', { name: 'Save' }).click();
    const conflict = sessions.getByRole('alert').filter({ hasText: 'Someone else saved the settings while you were editing' });
    await conflict.waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-conflict');
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(await sessions.getByRole('textbox', { name: 'Session lifespan' }).inputValue()).toBe('1');
    // The reloaded OAuth2 form shows the other person's change.
    await admin.getByRole('form', { name: 'OAuth2 provider' }).getByRole('button', { name: /JWT/ }).waitFor();
  }, 180_000);

  it('adds a social sign-in provider without ever showing its secret again, and removes it after asking', async () => {
    const panel = admin.getByRole('region', { name: 'Social sign-in providers' });
    await panel.getByRole('button', { name: 'Add provider' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add a sign-in provider' });
    await dialog.getByRole('textbox', { name: 'ID', exact: true }).fill('corp');
    await dialog.getByText(`${stack.url}/.ory/self-service/methods/oidc/callback/corp`).waitFor();
    await dialog.getByRole('textbox', { name: 'Issuer' }).fill('https://sso.corp.example');
    await dialog.getByRole('textbox', { name: 'Button label' }).fill('Corp SSO');
    await dialog.getByRole('textbox', { name: 'Client ID' }).fill('corp-client');
    await dialog.getByLabel('Client secret', { exact: true }).fill('corp-secret-0123456789');
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-provider');
    await dialog.getByRole('button', { name: 'Add provider' }).click();
    await admin.getByText('The provider corp was added').waitFor();
    const row = panel.getByRole('row', { name: /corp/ });
    await row.getByText('https://sso.corp.example').waitFor();
    expect(await admin.getByText('corp-secret-0123456789').count()).toBe(0);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-providers');
    await admin.getByText('The whole configuration as JSON').click();
    expect(await admin.locator('pre').textContent()).not.toContain('corp-secret-0123456789');

    await row.getByRole('button', { name: 'Remove corp' }).click();
    const sure = admin.getByRole('alertdialog');
    await sure.getByText('Its button disappears from the sign-in and registration pages.').waitFor();
    await sure.getByRole('button', { name: 'Remove' }).click();
    await admin.getByText('The provider corp was removed').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await readProject()).services.identity.config.selfservice.methods.oidc.config.providers).toEqual([]);
  }, 120_000);

  it('makes an API key whose value is shown once and works, then revokes it after asking', async () => {
    await tab('API keys').click();
    await admin.waitForURL(/\/admin\/platform\/api-keys$/);
    await admin.getByText('No API keys yet.').waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-api-keys-empty');

    await admin.getByRole('button', { name: 'Create API key' }).click();
    const create = admin.getByRole('dialog', { name: 'Create an API key' });
    await create.getByRole('textbox', { name: 'Name' }).fill('Deployment pipeline');
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-api-key-new');
    await create.getByRole('button', { name: 'Create key' }).click();

    const shown = admin.getByRole('dialog', { name: 'The API key “Deployment pipeline” was created' });
    await shown.getByText('you will not see it again').waitFor();
    const value = (await shown.getByLabel('API key', { exact: true }).textContent())!;
    expect(value).toMatch(/^sitewave_pat_/);
    await shown.getByRole('button', { name: 'Copy', exact: true }).click();
    await shown.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await readClipboard(admin)).toBe(value);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-api-key-value');
    await shown.getByRole('button', { name: 'I have stored the key' }).click();
    await shown.waitFor({ state: 'detached' });

    const row = admin.getByRole('row', { name: /Deployment pipeline/ });
    await row.getByText(`…${value.slice(-4)}`).waitFor();
    expect(await admin.getByText(value).count()).toBe(0);
    const withKey = () => fetch(`${stack.url}/.ory/projects`, { headers: { authorization: `Bearer ${value}` } });
    expect((await withKey()).status).toBe(200);
    // Read again, the list says when the key was last used.
    await admin.reload();
    await row.waitFor();
    expect(await row.getByText('Not yet').count()).toBe(0);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-api-keys');

    await row.getByRole('button', { name: 'Revoke Deployment pipeline' }).click();
    const sure = admin.getByRole('alertdialog');
    await sure.getByText('Programs using it are refused from their next request on.').waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-api-key-revoke');
    await sure.getByRole('button', { name: 'Revoke' }).click();
    await admin.getByText('The API key “Deployment pipeline” was revoked').waitFor();
    await admin.getByText('No API keys yet.').waitFor();
    expect((await withKey()).status).toBe(401);
  }, 120_000);

  it('lists the members, and keeps the last administrator', async () => {
    await tab('Members').click();
    await admin.waitForURL(/\/admin\/platform\/members$/);
    const row = admin.getByRole('row', { name: /Ada Lovelace/ });
    await row.getByText(adminEmail).waitFor();
    await row.getByText('You').waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-members');

    await row.getByRole('button', { name: 'Remove Ada Lovelace' }).click();
    const sure = admin.getByRole('alertdialog');
    await sure.getByText('You will no longer administer this installation').waitFor();
    await sure.getByRole('button', { name: 'Remove' }).click();
    await admin.getByText('This is the last administrator: make someone else a global administrator first.').waitFor();
    await row.waitFor();
  }, 120_000);

  it('edits the permission model with its problems marked, saves it after a diff, and works with relationships, checks and trees', async () => {
    // A first model, saved by someone else through the project API.
    const project = await readProject();
    await api(admin, 'PATCH', `/.ory/projects/${projectId}/revision/${project.revision_id}`, [
      { op: 'replace', path: '/services/permission/config/namespaces', value: [{ location: `base64://${Buffer.from(FIRST_MODEL).toString('base64')}` }] },
    ]);
    await admin.goto(`${stack.url}/admin/platform`);
    await tab('Permissions').click();
    await admin.waitForURL(/\/admin\/platform\/permissions$/);
    const modelPanel = admin.getByRole('region', { name: 'Permission model' });
    const editor = modelPanel.getByRole('textbox', { name: 'Model' });
    await expect.poll(() => editor.inputValue()).toBe(FIRST_MODEL);
    const inEffect = admin.getByRole('region', { name: 'Namespaces in effect' });
    await inEffect.getByText('User', { exact: true }).waitFor();
    await inEffect.getByRole('listitem').filter({ hasText: 'Organisation' }).getByText('built in').waitFor();
    // sitewave's own model beside the project's, to read and not to change.
    const builtIn = admin.getByRole('region', { name: 'sitewave’s built-in model' }).getByRole('textbox', { name: 'Built-in model (read-only)' });
    expect(await builtIn.getAttribute('readonly')).not.toBeNull();
    expect(await builtIn.inputValue()).toContain('class Organisation implements Namespace {');
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-permissions');

    // A broken model: the service's problem is listed with its line and marked there.
    await editor.fill(BROKEN_MODEL);
    const problem = modelPanel.getByRole('button', { name: /^Line 4, column \d+: namespace "Usr" was not declared$/ });
    await problem.waitFor();
    await modelPanel.getByText('1 problem found:').waitFor();
    expect(await modelPanel.locator('mark.code-mark').textContent()).toBe('Usr');
    expect(await modelPanel.locator('.code-line-marked').allTextContents()).toEqual(['4']);
    expect(await editor.getAttribute('aria-invalid')).toBe('true');
    // The problems are the editor's description for screen readers.
    const described = await editor.evaluate((element) => {
      const page = globalThis as unknown as { document: { getElementById(id: string): { textContent: string } | null } };
      const ids = (element as unknown as { getAttribute(name: string): string | null }).getAttribute('aria-describedby') ?? '';
      return ids
        .split(' ')
        .map((id) => page.document.getElementById(id)?.textContent ?? '')
        .join(' ');
    });
    expect(described).toContain('1 problem found:');
    expect(described).toContain('namespace "Usr" was not declared');
    await problem.click();
    // Runs in the page; this file is compiled without the DOM's types.
    const selected = await editor.evaluate((element) => {
      const area = element as unknown as { value: string; selectionStart: number; selectionEnd: number };
      return area.value.slice(area.selectionStart, area.selectionEnd);
    });
    expect(selected).toBe('Usr');
    await modelPanel.getByRole('button', { name: 'Review and save' }).click();
    await modelPanel.getByText('Fix the problems listed above before saving.').waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-permissions-problem');

    // Fixed, reviewed as a diff of the stored and the new text, saved.
    await editor.fill(MODEL);
    await modelPanel.getByText('No problems found.').waitFor();
    expect(await modelPanel.locator('mark.code-mark').count()).toBe(0);
    await modelPanel.getByRole('button', { name: 'Review and save' }).click();
    const review = admin.getByRole('dialog', { name: 'Save the permission model?' });
    const diff = review.getByRole('list', { name: 'Changes to the model' });
    await diff.locator('[data-kind="same"]', { hasText: 'class User implements Namespace {}' }).waitFor();
    await diff.locator('[data-kind="added"]', { hasText: 'class Folder implements Namespace {' }).waitFor();
    expect(await diff.locator('[data-kind="removed"]').count()).toBe(0);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-permissions-diff');
    await review.getByRole('button', { name: 'Save model' }).click();
    await admin.getByText('The permission model was saved').waitFor();
    await review.waitFor({ state: 'detached' });
    await inEffect.getByText('Folder', { exact: true }).waitFor();
    const saved = await readProject();
    const namespaces = (saved as unknown as { services: { permission: { config: { namespaces: { location: string }[] } } } }).services.permission.config.namespaces;
    expect(Buffer.from(namespaces[0]!.location.slice('base64://'.length), 'base64').toString('utf8')).toBe(MODEL);
    await expect.poll(() => modelPanel.getByRole('button', { name: 'Review and save' }).isDisabled()).toBe(true);

    // A relationship with a subject id and one with a subject set, added in the dialog.
    const relationships = admin.getByRole('region', { name: 'Relationships' });
    // sitewave's own roles are relationships too: this administrator's among them.
    const ownRole = relationships.getByRole('row', { name: /Installation.*administrators/ });
    await ownRole.getByText('Kept by sitewave').waitFor();
    expect(await ownRole.getByRole('button').count()).toBe(0);
    await relationships.getByRole('button', { name: 'Add relationship' }).click();
    let dialog = admin.getByRole('dialog', { name: 'Add a relationship' });
    await choose(dialog, 'Namespace', 'Group');
    await dialog.getByRole('textbox', { name: 'Object' }).fill('field-team');
    await dialog.getByRole('textbox', { name: 'Relation' }).fill('members');
    await dialog.getByRole('textbox', { name: 'Subject ID' }).fill('ana');
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-relationship-new');
    await dialog.getByRole('button', { name: 'Add relationship' }).click();
    await admin.getByText('Added Group:field-team#members@ana').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await relationships.getByRole('button', { name: 'Add relationship' }).click();
    dialog = admin.getByRole('dialog', { name: 'Add a relationship' });
    await choose(dialog, 'Namespace', 'Folder');
    await dialog.getByRole('textbox', { name: 'Object' }).fill('reports');
    await dialog.getByRole('textbox', { name: 'Relation' }).fill('viewers');
    await choose(dialog, 'Subject', 'A subject set');
    await choose(dialog, 'Namespace of the set', 'Group');
    await dialog.getByRole('textbox', { name: 'Object of the set' }).fill('field-team');
    await dialog.getByRole('textbox', { name: 'Relation of the set' }).fill('members');
    await dialog.getByRole('button', { name: 'Add relationship' }).click();
    await admin.getByText('Added Folder:reports#viewers@Group:field-team#members').waitFor();

    // sitewave's own namespaces are written by sitewave alone: the service's refusal is shown.
    await relationships.getByRole('button', { name: 'Add relationship' }).click();
    dialog = admin.getByRole('dialog', { name: 'Add a relationship' });
    await choose(dialog, 'Namespace', 'Organisation');
    await dialog.getByRole('textbox', { name: 'Object' }).fill('any-organisation');
    await dialog.getByRole('textbox', { name: 'Relation' }).fill('owners');
    await dialog.getByRole('textbox', { name: 'Subject ID' }).fill('mallory');
    await dialog.getByRole('button', { name: 'Add relationship' }).click();
    await dialog.getByText(/^The permission service refused: .*"Organisation" holds sitewave's own roles/).waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-relationship-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // More than a page of members, written through the API: paged by the service's tokens.
    await api(
      admin,
      'PATCH',
      '/.ory/admin/relation-tuples',
      Array.from({ length: 22 }, (_row, i) => ({
        action: 'insert',
        relation_tuple: { namespace: 'Group', object: 'office', relation: 'members', subject_id: `member-${String(i).padStart(2, '0')}` },
      })),
    );
    await api(admin, 'PUT', '/.ory/admin/relation-tuples', { namespace: 'Folder', object: 'reports', relation: 'blocked', subject_id: 'bob' });
    const filters = relationships.getByRole('search', { name: 'Filter relationships' });
    await choose(filters, 'Namespace', 'Group');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const pages = relationships.getByRole('navigation', { name: 'Pages' });
    await pages.getByText('Page 1').waitFor();
    expect(await relationships.locator('tbody tr').count()).toBe(20);
    await pages.getByRole('button', { name: 'Next' }).click();
    await pages.getByText('Page 2').waitFor();
    await expect.poll(() => relationships.locator('tbody tr').count()).toBe(3);
    await pages.getByRole('button', { name: 'Previous' }).click();
    await pages.getByText('Page 1').waitFor();

    // Found by its subject, deleted after a confirmation.
    await choose(filters, 'Subject', 'A subject ID');
    await filters.getByRole('textbox', { name: 'Subject ID' }).fill('ana');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const row = relationships.getByRole('row', { name: /field-team/ });
    await row.waitFor();
    await expect.poll(() => relationships.locator('tbody tr').count()).toBe(1);
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-relationships');
    await row.getByRole('button', { name: 'Delete Group:field-team#members@ana' }).click();
    const sure = admin.getByRole('alertdialog', { name: 'Delete this relationship?' });
    await sure.getByText('Group:field-team#members@ana').waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-relationship-delete');
    await sure.getByRole('button', { name: 'Delete' }).click();
    await admin.getByText('Deleted Group:field-team#members@ana').waitFor();
    await relationships.getByText('No relationships match these filters.').waitFor();
    await filters.getByRole('button', { name: 'Clear' }).click();
    await relationships
      .getByRole('row', { name: /reports/ })
      .first()
      .waitFor();

    // Checks, following the model: a viewer through the group, someone blocked, nobody.
    await api(admin, 'PUT', '/.ory/admin/relation-tuples', { namespace: 'Group', object: 'field-team', relation: 'members', subject_id: 'ana' });
    await api(admin, 'PUT', '/.ory/admin/relation-tuples', { namespace: 'Group', object: 'field-team', relation: 'members', subject_id: 'bob' });
    const checkPanel = admin.getByRole('region', { name: 'Check a permission' });
    await choose(checkPanel, 'Namespace', 'Folder');
    await checkPanel.getByRole('textbox', { name: 'Object' }).fill('reports');
    await checkPanel.getByRole('textbox', { name: 'Relation or permission' }).fill('view');
    await checkPanel.getByRole('textbox', { name: 'Subject ID' }).fill('ana');
    await checkPanel.getByRole('button', { name: 'Check' }).click();
    const answer = checkPanel.getByRole('status');
    await answer.getByText('Allowed').waitFor();
    await answer.getByText('Folder:reports#view@ana').waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-check');
    await checkPanel.getByRole('textbox', { name: 'Subject ID' }).fill('bob');
    await checkPanel.getByRole('button', { name: 'Check' }).click();
    await answer.getByText('Denied').waitFor();
    await answer.getByText('Folder:reports#view@bob').waitFor();

    // The tree of who may view the folder, folded and unfolded.
    const expandPanel = admin.getByRole('region', { name: 'Expand a subject set' });
    await choose(expandPanel, 'Namespace', 'Folder');
    await expandPanel.getByRole('textbox', { name: 'Object' }).fill('reports');
    await expandPanel.getByRole('textbox', { name: 'Relation' }).fill('view');
    await expandPanel.getByRole('button', { name: 'Expand' }).click();
    const tree = expandPanel.getByRole('list', { name: 'Who is in Folder:reports#view' });
    await tree.waitFor();
    const root = tree.getByRole('button').first();
    expect(await root.getAttribute('aria-expanded')).toBe('true');
    await tree.getByText('ana', { exact: true }).waitFor();
    await expectAccessible(admin);
    await screenshotsOf(admin, 'admin-platform-expand');
    await root.click();
    expect(await root.getAttribute('aria-expanded')).toBe('false');
    expect(await tree.getByText('ana', { exact: true }).isVisible()).toBe(false);
    await expandPanel.getByRole('button', { name: 'Unfold all' }).click();
    await tree.getByText('ana', { exact: true }).waitFor();
    await expandPanel.getByRole('button', { name: 'Fold all', exact: true }).click();
    expect(await tree.getByRole('button', { expanded: true }).count()).toBe(0);
  }, 180_000);
});
