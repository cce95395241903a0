/**
 * sitewave's own roles, as an Ory Permission Language model: the installation's administrators,
 * each organisation's owners, admins, members and viewers, each project's managers, surveyors and
 * viewers. Every permission id (permission-ids.ts) is a permit of the namespace whose list carries
 * it, so "may Ana update project P?" is the Keto check `Project:P#project:update@Identity:ana`.
 *
 * The API writes the relationships when memberships change (server/api/permissions/
 * role-relationships.ts); people are subject sets `Identity:<identity id>`, and a project names its
 * organisation in `Project:<id>#organisation@Organisation:<id>`. An organisation's permits named
 * `project:…` hold for every project of it: a project's permit of the same name traverses there.
 *
 * The model is fixed: these namespaces are reserved, so a project's own model cannot declare
 * them, and only the API writes their relationships.
 */

export const PRODUCT_NAMESPACES = ['Identity', 'Installation', 'Organisation', 'Project'] as const;
export type ProductNamespace = (typeof PRODUCT_NAMESPACES)[number];

/** The one object of the Installation namespace. */
export const INSTALLATION_OBJECT = 'sitewave';

export const PRODUCT_PERMISSION_MODEL = `// sitewave's own roles. Fixed: the product writes these relationships when memberships change.

class Identity implements Namespace {}

class Installation implements Namespace {
  related: {
    administrators: Identity[]
  }

  permits = {
    "admin:orgs": (ctx: Context): boolean => this.related.administrators.includes(ctx.subject),
    "admin:users": (ctx: Context): boolean => this.related.administrators.includes(ctx.subject),
    "admin:firmware": (ctx: Context): boolean => this.related.administrators.includes(ctx.subject),
    "admin:oauth2": (ctx: Context): boolean => this.related.administrators.includes(ctx.subject),
    "admin:audit": (ctx: Context): boolean => this.related.administrators.includes(ctx.subject),
    "admin:platform": (ctx: Context): boolean => this.related.administrators.includes(ctx.subject),
  }
}

class Organisation implements Namespace {
  related: {
    owners: Identity[]
    admins: Identity[]
    members: Identity[]
    viewers: Identity[]
  }

  permits = {
    // The ladder of roles: each id below names one rung.
    manage: (ctx: Context): boolean =>
      this.related.owners.includes(ctx.subject) || this.related.admins.includes(ctx.subject),
    contribute: (ctx: Context): boolean =>
      this.related.owners.includes(ctx.subject) ||
      this.related.admins.includes(ctx.subject) ||
      this.related.members.includes(ctx.subject),
    view: (ctx: Context): boolean =>
      this.related.owners.includes(ctx.subject) ||
      this.related.admins.includes(ctx.subject) ||
      this.related.members.includes(ctx.subject) ||
      this.related.viewers.includes(ctx.subject),

    "org:read": (ctx: Context): boolean => this.permits.view(ctx),
    "org:update": (ctx: Context): boolean => this.permits.manage(ctx),
    // Only an owner may delete the organisation.
    "org:delete": (ctx: Context): boolean => this.related.owners.includes(ctx.subject),
    "org:users:read": (ctx: Context): boolean => this.permits.view(ctx),
    "org:users:manage": (ctx: Context): boolean => this.permits.manage(ctx),
    "org:invites:read": (ctx: Context): boolean => this.permits.contribute(ctx),
    "org:invites:manage": (ctx: Context): boolean => this.permits.manage(ctx),
    "org:devices:read": (ctx: Context): boolean => this.permits.view(ctx),
    "org:devices:manage": (ctx: Context): boolean => this.permits.manage(ctx),
    "org:billing:read": (ctx: Context): boolean => this.permits.manage(ctx),
    "org:billing:manage": (ctx: Context): boolean => this.permits.manage(ctx),
    "org:notifications:read": (ctx: Context): boolean => this.permits.view(ctx),
    "org:projects:read": (ctx: Context): boolean => this.permits.view(ctx),
    "org:projects:create": (ctx: Context): boolean => this.permits.contribute(ctx),
    "org:audit:read": (ctx: Context): boolean => this.permits.manage(ctx),

    // On every project of the organisation.
    "project:read": (ctx: Context): boolean => this.permits.view(ctx),
    "project:update": (ctx: Context): boolean => this.permits.manage(ctx),
    "project:delete": (ctx: Context): boolean => this.permits.manage(ctx),
    "project:survey:write": (ctx: Context): boolean => this.permits.manage(ctx),
    "project:users:read": (ctx: Context): boolean => this.permits.view(ctx),
    "project:users:manage": (ctx: Context): boolean => this.permits.manage(ctx),
    "project:contacts:manage": (ctx: Context): boolean => this.permits.manage(ctx),
    "project:reporting:manage": (ctx: Context): boolean => this.permits.manage(ctx),
    "project:shares:manage": (ctx: Context): boolean => this.permits.manage(ctx),
  }
}

class Project implements Namespace {
  related: {
    organisation: Organisation[]
    managers: Identity[]
    surveyors: Identity[]
    viewers: Identity[]
  }

  permits = {
    // The ladder of roles in this one project.
    manage: (ctx: Context): boolean => this.related.managers.includes(ctx.subject),
    survey: (ctx: Context): boolean =>
      this.related.managers.includes(ctx.subject) || this.related.surveyors.includes(ctx.subject),
    view: (ctx: Context): boolean =>
      this.related.managers.includes(ctx.subject) ||
      this.related.surveyors.includes(ctx.subject) ||
      this.related.viewers.includes(ctx.subject),

    // Each id: the project's own role, or the organisation's permit of the same name.
    "project:read": (ctx: Context): boolean =>
      this.permits.view(ctx) || this.related.organisation.traverse((o) => o.permits["project:read"](ctx)),
    "project:update": (ctx: Context): boolean =>
      this.permits.manage(ctx) || this.related.organisation.traverse((o) => o.permits["project:update"](ctx)),
    "project:delete": (ctx: Context): boolean =>
      this.permits.manage(ctx) || this.related.organisation.traverse((o) => o.permits["project:delete"](ctx)),
    "project:survey:write": (ctx: Context): boolean =>
      this.permits.survey(ctx) || this.related.organisation.traverse((o) => o.permits["project:survey:write"](ctx)),
    "project:users:read": (ctx: Context): boolean =>
      this.permits.view(ctx) || this.related.organisation.traverse((o) => o.permits["project:users:read"](ctx)),
    "project:users:manage": (ctx: Context): boolean =>
      this.permits.manage(ctx) || this.related.organisation.traverse((o) => o.permits["project:users:manage"](ctx)),
    "project:contacts:manage": (ctx: Context): boolean =>
      this.permits.survey(ctx) || this.related.organisation.traverse((o) => o.permits["project:contacts:manage"](ctx)),
    "project:reporting:manage": (ctx: Context): boolean =>
      this.permits.manage(ctx) || this.related.organisation.traverse((o) => o.permits["project:reporting:manage"](ctx)),
    "project:shares:manage": (ctx: Context): boolean =>
      this.permits.manage(ctx) || this.related.organisation.traverse((o) => o.permits["project:shares:manage"](ctx)),
  }
}
`;

/** The relation of each role: `Organisation:<id>#owners` holds the organisation's owners. */
export const ORG_ROLE_RELATIONS = { owner: 'owners', admin: 'admins', member: 'members', viewer: 'viewers' } as const;
export const PROJECT_ROLE_RELATIONS = { manager: 'managers', surveyor: 'surveyors', viewer: 'viewers' } as const;
export const ADMINISTRATORS_RELATION = 'administrators';
export const PROJECT_ORGANISATION_RELATION = 'organisation';
