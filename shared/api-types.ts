/**
 * The API's paths, parameters and answers as TypeScript, generated from its OpenAPI document by
 * `npm run api:types` — do not edit by hand; change the route's schema and generate again.
 */
export interface paths {
    "/api/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's own permissions (from their global role)
         * @description Any signed-in user.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {unknown} */
                            id: "admin:orgs" | "admin:users" | "admin:firmware" | "admin:oauth2" | "admin:audit" | "admin:platform" | "org:read" | "org:update" | "org:delete" | "org:users:read" | "org:users:manage" | "org:invites:read" | "org:invites:manage" | "org:devices:read" | "org:devices:manage" | "org:billing:read" | "org:billing:manage" | "org:notifications:read" | "org:projects:read" | "org:projects:create" | "org:audit:read" | "project:read" | "project:update" | "project:delete" | "project:survey:write" | "project:users:read" | "project:users:manage" | "project:contacts:manage" | "project:reporting:manage" | "project:shares:manage";
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's permissions in an organisation (empty outside it)
         * @description Any signed-in user.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {unknown} */
                            id: "admin:orgs" | "admin:users" | "admin:firmware" | "admin:oauth2" | "admin:audit" | "admin:platform" | "org:read" | "org:update" | "org:delete" | "org:users:read" | "org:users:manage" | "org:invites:read" | "org:invites:manage" | "org:devices:read" | "org:devices:manage" | "org:billing:read" | "org:billing:manage" | "org:notifications:read" | "org:projects:read" | "org:projects:create" | "org:audit:read" | "project:read" | "project:update" | "project:delete" | "project:survey:write" | "project:users:read" | "project:users:manage" | "project:contacts:manage" | "project:reporting:manage" | "project:shares:manage";
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's permissions in a project (empty outside it)
         * @description Any signed-in user.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {unknown} */
                            id: "admin:orgs" | "admin:users" | "admin:firmware" | "admin:oauth2" | "admin:audit" | "admin:platform" | "org:read" | "org:update" | "org:delete" | "org:users:read" | "org:users:manage" | "org:invites:read" | "org:invites:manage" | "org:devices:read" | "org:devices:manage" | "org:billing:read" | "org:billing:manage" | "org:notifications:read" | "org:projects:read" | "org:projects:create" | "org:audit:read" | "project:read" | "project:update" | "project:delete" | "project:survey:write" | "project:users:read" | "project:users:manage" | "project:contacts:manage" | "project:reporting:manage" | "project:shares:manage";
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/users/{userId}/access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a person may do in the project, and why
         * @description Needs one of these permissions: project:users:read, project:users:manage.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            projectId: string;
                            identityId: string;
                            permissions: {
                                /** @enum {unknown} */
                                id: "admin:orgs" | "admin:users" | "admin:firmware" | "admin:oauth2" | "admin:audit" | "admin:platform" | "org:read" | "org:update" | "org:delete" | "org:users:read" | "org:users:manage" | "org:invites:read" | "org:invites:manage" | "org:devices:read" | "org:devices:manage" | "org:billing:read" | "org:billing:manage" | "org:notifications:read" | "org:projects:read" | "org:projects:create" | "org:audit:read" | "project:read" | "project:update" | "project:delete" | "project:survey:write" | "project:users:read" | "project:users:manage" | "project:contacts:manage" | "project:reporting:manage" | "project:shares:manage";
                                allowed: boolean;
                                /** @description From the permit down to the relationship that lets the person in; empty when not allowed. */
                                path: {
                                    namespace: string;
                                    object: string;
                                    relation: string;
                                    /** @enum {unknown} */
                                    via: "stored" | "subject-set" | "rule" | "traverse";
                                    holds?: {
                                        id: string;
                                    } | {
                                        namespace: string;
                                        object: string;
                                        relation: string;
                                    };
                                }[];
                            }[];
                            /** @description Display names by "Namespace:id". */
                            names: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{userId}/access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a person may do in a project, and why
         * @description Needs one of these permissions: admin:users.
         */
        get: {
            parameters: {
                query: {
                    projectId: string;
                };
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            projectId: string;
                            identityId: string;
                            permissions: {
                                /** @enum {unknown} */
                                id: "admin:orgs" | "admin:users" | "admin:firmware" | "admin:oauth2" | "admin:audit" | "admin:platform" | "org:read" | "org:update" | "org:delete" | "org:users:read" | "org:users:manage" | "org:invites:read" | "org:invites:manage" | "org:devices:read" | "org:devices:manage" | "org:billing:read" | "org:billing:manage" | "org:notifications:read" | "org:projects:read" | "org:projects:create" | "org:audit:read" | "project:read" | "project:update" | "project:delete" | "project:survey:write" | "project:users:read" | "project:users:manage" | "project:contacts:manage" | "project:reporting:manage" | "project:shares:manage";
                                allowed: boolean;
                                /** @description From the permit down to the relationship that lets the person in; empty when not allowed. */
                                path: {
                                    namespace: string;
                                    object: string;
                                    relation: string;
                                    /** @enum {unknown} */
                                    via: "stored" | "subject-set" | "rule" | "traverse";
                                    holds?: {
                                        id: string;
                                    } | {
                                        namespace: string;
                                        object: string;
                                        relation: string;
                                    };
                                }[];
                            }[];
                            /** @description Display names by "Namespace:id". */
                            names: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{userId}/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The projects a person may read, found by reverse lookup in the permission engine
         * @description Needs one of these permissions: admin:users.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                name: string;
                                orgId: string;
                                orgName: string;
                            }[];
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's locale, units and default organisation (defaults until first saved)
         * @description Any signed-in user.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {unknown} */
                            locale: "en" | "es" | "de" | "fr" | "nl" | "se" | "pt" | "pl";
                            /** @enum {unknown} */
                            units: "metric" | "imperial";
                            /** @description The organisation the client opens first; cleared when the user leaves it */
                            defaultOrgId: string | null;
                            updatedAt: string | null;
                        };
                    };
                };
            };
        };
        /**
         * Change the caller's locale, units or default organisation (one they belong to)
         * @description Any signed-in user.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        locale?: "en" | "es" | "de" | "fr" | "nl" | "se" | "pt" | "pl";
                        /** @enum {string} */
                        units?: "metric" | "imperial";
                        defaultOrgId?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {unknown} */
                            locale: "en" | "es" | "de" | "fr" | "nl" | "se" | "pt" | "pl";
                            /** @enum {unknown} */
                            units: "metric" | "imperial";
                            /** @description The organisation the client opens first; cleared when the user leaves it */
                            defaultOrgId: string | null;
                            updatedAt: string | null;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The users the API knows (query by name or address, global role, state)
         * @description Needs one of these permissions: admin:users.
         */
        get: {
            parameters: {
                query?: {
                    q?: string;
                    globalRole?: "admin" | "user";
                    state?: "active" | "inactive";
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                email: string;
                                firstName: string;
                                lastName: string;
                                /** @enum {unknown} */
                                state: "active" | "inactive";
                                /** @enum {unknown} */
                                globalRole: "admin" | "user";
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a user: an identity in the identity service (the password is optional), then its profile
         * @description Needs one of these permissions: admin:users.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        firstName?: string;
                        lastName?: string;
                        password?: string;
                        /** @enum {string} */
                        globalRole?: "admin" | "user";
                        verified?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            email: string;
                            firstName: string;
                            lastName: string;
                            /** @enum {unknown} */
                            state: "active" | "inactive";
                            /** @enum {unknown} */
                            globalRole: "admin" | "user";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's profile
         * @description Needs one of these permissions: admin:users.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            email: string;
                            firstName: string;
                            lastName: string;
                            /** @enum {unknown} */
                            state: "active" | "inactive";
                            /** @enum {unknown} */
                            globalRole: "admin" | "user";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        /**
         * Change a user's names, address, state or global role; the last global administrator stays one
         * @description Needs one of these permissions: admin:users.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email?: string;
                        firstName?: string;
                        lastName?: string;
                        /** @enum {string} */
                        state?: "active" | "inactive";
                        /** @enum {string} */
                        globalRole?: "admin" | "user";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            email: string;
                            firstName: string;
                            lastName: string;
                            /** @enum {unknown} */
                            state: "active" | "inactive";
                            /** @enum {unknown} */
                            globalRole: "admin" | "user";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{userId}/recovery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Issue a recovery link (or link and code) for a user, shown once
         * @description Needs one of these permissions: admin:users.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description link (default), or code: a link and a code to type on the page it opens
                         * @enum {string}
                         */
                        method?: "link" | "code";
                        /** @description Such as 30m or 2h; 24h when left out */
                        expiresIn?: string;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Opens the recovery flow; shown to the administrator once */
                            link: string;
                            /** @description For the code method: typed on the recovery page the link opens */
                            code?: string;
                            /** Format: date-time */
                            expiresAt?: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{userId}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's newest sessions, active or ended (never their tokens)
         * @description Needs one of these permissions: admin:users.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The newest sessions first, active or ended */
                            items: {
                                id: string;
                                active: boolean;
                                authenticatedAt: string | null;
                                issuedAt: string | null;
                                expiresAt: string | null;
                                aal: string | null;
                                /** @description How the session was authenticated: password, totp, code_recovery … */
                                methods: string[];
                                devices: {
                                    ipAddress: string | null;
                                    userAgent: string | null;
                                    location: string | null;
                                }[];
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Sign a user out everywhere: end all their sessions
         * @description Needs one of these permissions: admin:users.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{userId}/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one of a user's sessions
         * @description Needs one of these permissions: admin:users.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{userId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * E-mails sent to a user's address with their delivery state (no bodies)
         * @description Needs one of these permissions: admin:users.
         */
        get: {
            parameters: {
                query?: {
                    pageSize?: number;
                    pageToken?: string;
                };
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                subject: string;
                                /** @description recovery_code_valid, verification_code_valid, … */
                                templateType: string;
                                /** @enum {unknown} */
                                status: "queued" | "processing" | "sent" | "abandoned";
                                /** @description Delivery attempts so far */
                                sendCount: number;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            nextPageToken: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/oauth2/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * OAuth2 applications, one page at a time, optionally those with one name
         * @description Needs one of these permissions: admin:oauth2.
         */
        get: {
            parameters: {
                query?: {
                    pageSize?: number;
                    pageToken?: string;
                    /** @description Applications with exactly this name */
                    name?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** @description The client_id */
                                id: string;
                                name: string;
                                redirectUris: string[];
                                postLogoutRedirectUris: string[];
                                grantTypes: string[];
                                scopes: string[];
                                tokenEndpointAuthMethod: string;
                                skipConsent: boolean;
                                createdAt: string | null;
                                updatedAt: string | null;
                            }[];
                            nextPageToken: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Register an OAuth2 application; its secret is in this answer and never again
         * @description Needs one of these permissions: admin:oauth2.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        redirectUris?: string[];
                        postLogoutRedirectUris?: string[];
                        grantTypes: ("authorization_code" | "refresh_token" | "client_credentials" | "jwt-bearer")[];
                        scopes: string[];
                        /**
                         * @description none makes a public client (PKCE, no secret)
                         * @enum {string}
                         */
                        tokenEndpointAuthMethod: "none" | "client_secret_basic" | "client_secret_post";
                        /** @description A first-party application: signed-in users are not asked to consent */
                        skipConsent?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            application: {
                                /** @description The client_id */
                                id: string;
                                name: string;
                                redirectUris: string[];
                                postLogoutRedirectUris: string[];
                                grantTypes: string[];
                                scopes: string[];
                                tokenEndpointAuthMethod: string;
                                skipConsent: boolean;
                                createdAt: string | null;
                                updatedAt: string | null;
                            };
                            clientSecret: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/oauth2/applications/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One OAuth2 application
         * @description Needs one of these permissions: admin:oauth2.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The client_id */
                            id: string;
                            name: string;
                            redirectUris: string[];
                            postLogoutRedirectUris: string[];
                            grantTypes: string[];
                            scopes: string[];
                            tokenEndpointAuthMethod: string;
                            skipConsent: boolean;
                            createdAt: string | null;
                            updatedAt: string | null;
                        };
                    };
                };
            };
        };
        /**
         * Replace what an OAuth2 application may do; its secret stays
         * @description Needs one of these permissions: admin:oauth2.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        redirectUris?: string[];
                        postLogoutRedirectUris?: string[];
                        grantTypes: ("authorization_code" | "refresh_token" | "client_credentials" | "jwt-bearer")[];
                        scopes: string[];
                        /**
                         * @description none makes a public client (PKCE, no secret)
                         * @enum {string}
                         */
                        tokenEndpointAuthMethod: "none" | "client_secret_basic" | "client_secret_post";
                        /** @description A first-party application: signed-in users are not asked to consent */
                        skipConsent?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The client_id */
                            id: string;
                            name: string;
                            redirectUris: string[];
                            postLogoutRedirectUris: string[];
                            grantTypes: string[];
                            scopes: string[];
                            tokenEndpointAuthMethod: string;
                            skipConsent: boolean;
                            createdAt: string | null;
                            updatedAt: string | null;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete an OAuth2 application and every token issued to it
         * @description Needs one of these permissions: admin:oauth2.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/oauth2/applications/{clientId}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give a confidential OAuth2 application a new secret (shown in this answer only); the old one stops working
         * @description Needs one of these permissions: admin:oauth2.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The new secret, shown in this answer only; the old one stops working */
                            clientSecret: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/oauth2/users/{userId}/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OAuth2 applications a user has granted access
         * @description Needs one of these permissions: admin:oauth2.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                application: {
                                    id: string;
                                    name: string;
                                };
                                /** @description Every scope the user granted it, over all its consents */
                                scopes: string[];
                                /** @description A consent is remembered: the user is not asked again for these scopes */
                                remembered: boolean;
                                lastGrantedAt: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Revoke every application's access to a user, with the tokens issued under it
         * @description Needs one of these permissions: admin:oauth2.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/oauth2/users/{userId}/applications/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one application's access to a user, with the tokens issued under it
         * @description Needs one of these permissions: admin:oauth2.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/oauth2/issuers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Issuers whose jwt-bearer assertions are exchanged for tokens
         * @description Needs one of these permissions: admin:oauth2.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                issuer: string;
                                subject: string;
                                allowAnySubject: boolean;
                                scopes: string[];
                                keyId: string;
                                createdAt: string | null;
                                expiresAt: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Trust an issuer’s assertions for one subject or any, signed with its public key
         * @description Needs one of these permissions: admin:oauth2.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        issuer: string;
                        /** @description The one subject its assertions may name; leave out with allowAnySubject */
                        subject?: string;
                        allowAnySubject?: boolean;
                        scopes: string[];
                        /** Format: date-time */
                        expiresAt: string;
                        /** @description The public key its assertions are signed with (private members are refused) */
                        jwk: {
                            kty: string;
                            kid: string;
                            alg: string;
                            /** @enum {string} */
                            use: "sig";
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            issuer: string;
                            subject: string;
                            allowAnySubject: boolean;
                            scopes: string[];
                            keyId: string;
                            createdAt: string | null;
                            expiresAt: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/oauth2/issuers/{issuerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop trusting an issuer’s key; assertions signed with it are refused from now on
         * @description Needs one of these permissions: admin:oauth2.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    issuerId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/oauth2/signing-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The keys ID tokens are signed and verified with, the signing one first
         * @description Needs one of these permissions: admin:oauth2.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The signing key first */
                            items: {
                                kid: string;
                                /** @description The JWS algorithm, RS256 */
                                algorithm: string;
                                /** @description This key signs new ID tokens; the others only verify tokens they signed */
                                signing: boolean;
                                /** @description null when the provider does not say (an external Hydra) */
                                createdAt: string | null;
                                /** @description When it stopped signing; null for the signing key */
                                retiredAt: string | null;
                                /** @description The signing key: when the provider replaces it on its schedule */
                                rotatesAt: string | null;
                                /** @description A retired key: when the provider drops it from its JWKS, every token it signed having expired */
                                removesAt: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Rotate now: a new key signs from now on, the old one verifies until its tokens have expired; answers the keys as they are then
         * @description Needs one of these permissions: admin:oauth2.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The signing key first */
                            items: {
                                kid: string;
                                /** @description The JWS algorithm, RS256 */
                                algorithm: string;
                                /** @description This key signs new ID tokens; the others only verify tokens they signed */
                                signing: boolean;
                                /** @description null when the provider does not say (an external Hydra) */
                                createdAt: string | null;
                                /** @description When it stopped signing; null for the signing key */
                                retiredAt: string | null;
                                /** @description The signing key: when the provider replaces it on its schedule */
                                rotatesAt: string | null;
                                /** @description A retired key: when the provider drops it from its JWKS, every token it signed having expired */
                                removesAt: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orgs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every organisation, with the caller's role where they belong
         * @description Needs one of these permissions: admin:orgs.
         */
        get: {
            parameters: {
                query?: {
                    q?: string;
                    sort?: "name" | "created";
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                name: string;
                                legalName: string;
                                vatId: string;
                                email: string;
                                phone: string;
                                address: {
                                    street: string;
                                    postalCode: string;
                                    city: string;
                                    country: string;
                                };
                                members: number;
                                role: ("owner" | "admin" | "member" | "viewer") | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an organisation with its first owner (the caller unless ownerId names another user)
         * @description Needs one of these permissions: admin:orgs.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        legalName?: string;
                        vatId?: string;
                        email?: string;
                        phone?: string;
                        address?: {
                            street?: string;
                            postalCode?: string;
                            city?: string;
                            /** @description ISO 3166-1 alpha-2, or empty */
                            country?: string;
                        };
                        ownerId?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            legalName: string;
                            vatId: string;
                            email: string;
                            phone: string;
                            address: {
                                street: string;
                                postalCode: string;
                                city: string;
                                country: string;
                            };
                            members: number;
                            role: ("owner" | "admin" | "member" | "viewer") | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orgs/{orgId}/join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join an organisation to support it (as admin unless another role is given)
         * @description Needs one of these permissions: admin:orgs.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        role?: "owner" | "admin" | "member" | "viewer";
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            orgId: string;
                            userId: string;
                            email: string;
                            firstName: string;
                            lastName: string;
                            /** @enum {unknown} */
                            role: "owner" | "admin" | "member" | "viewer";
                            /** Format: date-time */
                            joinedAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organisations the caller belongs to, with their role in each
         * @description Any signed-in user.
         */
        get: {
            parameters: {
                query?: {
                    q?: string;
                    sort?: "name" | "created";
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                name: string;
                                legalName: string;
                                vatId: string;
                                email: string;
                                phone: string;
                                address: {
                                    street: string;
                                    postalCode: string;
                                    city: string;
                                    country: string;
                                };
                                members: number;
                                role: ("owner" | "admin" | "member" | "viewer") | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An organisation
         * @description Needs one of these permissions: org:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            legalName: string;
                            vatId: string;
                            email: string;
                            phone: string;
                            address: {
                                street: string;
                                postalCode: string;
                                city: string;
                                country: string;
                            };
                            members: number;
                            role: ("owner" | "admin" | "member" | "viewer") | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        /**
         * Change an organisation's name, legal details, contact or address
         * @description Needs one of these permissions: org:update.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        legalName?: string;
                        vatId?: string;
                        email?: string;
                        phone?: string;
                        address?: {
                            street?: string;
                            postalCode?: string;
                            city?: string;
                            /** @description ISO 3166-1 alpha-2, or empty */
                            country?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            legalName: string;
                            vatId: string;
                            email: string;
                            phone: string;
                            address: {
                                street: string;
                                postalCode: string;
                                city: string;
                                country: string;
                            };
                            members: number;
                            role: ("owner" | "admin" | "member" | "viewer") | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete an organisation with its projects, devices and everything below them
         * @description Needs one of these permissions: org:delete.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An organisation's users and their roles
         * @description Needs one of these permissions: org:users:read.
         */
        get: {
            parameters: {
                query?: {
                    q?: string;
                    role?: "owner" | "admin" | "member" | "viewer";
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                orgId: string;
                                userId: string;
                                email: string;
                                firstName: string;
                                lastName: string;
                                /** @enum {unknown} */
                                role: "owner" | "admin" | "member" | "viewer";
                                /** Format: date-time */
                                joinedAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One user of the organisation with their role
         * @description Needs one of these permissions: org:users:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            orgId: string;
                            userId: string;
                            email: string;
                            firstName: string;
                            lastName: string;
                            /** @enum {unknown} */
                            role: "owner" | "admin" | "member" | "viewer";
                            /** Format: date-time */
                            joinedAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        /**
         * Change a user's role in the organisation; only an owner makes or unmakes an owner
         * @description Needs one of these permissions: org:users:manage.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        role: "owner" | "admin" | "member" | "viewer";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            orgId: string;
                            userId: string;
                            email: string;
                            firstName: string;
                            lastName: string;
                            /** @enum {unknown} */
                            role: "owner" | "admin" | "member" | "viewer";
                            /** Format: date-time */
                            joinedAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Remove a user from the organisation and its projects
         * @description Needs one of these permissions: org:users:manage.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organisation's logo (404 when it has none)
         * @description Needs one of these permissions: org:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The logo, a PNG. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/png": unknown;
                    };
                };
            };
        };
        /**
         * Set the organisation's logo: a PNG, JPEG or WebP image, multipart in field "file"; kept as a PNG of at most 800 × 320 pixels
         * @description Needs one of these permissions: org:update.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        post?: never;
        /**
         * Remove the organisation's logo
         * @description Needs one of these permissions: org:update.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite an address into the organisation (as member unless another role is given); replaces its pending invite
         * @description Needs one of these permissions: org:invites:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        /** @enum {string} */
                        role?: "owner" | "admin" | "member" | "viewer";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            orgId: string;
                            email: string;
                            /** @enum {unknown} */
                            role: "owner" | "admin" | "member" | "viewer";
                            /** @enum {unknown} */
                            status: "pending" | "accepted" | "declined" | "expired" | "cancelled" | "removed";
                            invitedBy: string | null;
                            acceptedBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The join link the e-mail carries, answered only now */
                            link: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organisation's invites, newest first (query by address, status)
         * @description Needs one of these permissions: org:invites:read, org:invites:manage.
         */
        get: {
            parameters: {
                query?: {
                    status?: "pending" | "accepted" | "declined" | "expired" | "cancelled" | "removed";
                    q?: string;
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                orgId: string;
                                email: string;
                                /** @enum {unknown} */
                                role: "owner" | "admin" | "member" | "viewer";
                                /** @enum {unknown} */
                                status: "pending" | "accepted" | "declined" | "expired" | "cancelled" | "removed";
                                invitedBy: string | null;
                                acceptedBy: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                expiresAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/invites/{inviteId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Take back a pending invite; its link stops working
         * @description Needs one of these permissions: org:invites:manage.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    inviteId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            orgId: string;
                            email: string;
                            /** @enum {unknown} */
                            role: "owner" | "admin" | "member" | "viewer";
                            /** @enum {unknown} */
                            status: "pending" | "accepted" | "declined" | "expired" | "cancelled" | "removed";
                            invitedBy: string | null;
                            acceptedBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What an invite's link is for: its organisation, role, address and state
         * @description No session needed.
         */
        get: {
            parameters: {
                query: {
                    token: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            valid: boolean;
                            /** @enum {unknown} */
                            status: "pending" | "accepted" | "declined" | "expired" | "cancelled" | "removed";
                            email: string;
                            /** @enum {unknown} */
                            role: "owner" | "admin" | "member" | "viewer";
                            orgId: string;
                            orgName: string;
                            invitedBy: string | null;
                            /** Format: date-time */
                            expiresAt: string;
                            accountExists: boolean | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account for the invite's address and join with it
         * @description No session needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                        password: string;
                        firstName?: string;
                        lastName?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            orgId: string;
                            userId: string;
                            email: string;
                            firstName: string;
                            lastName: string;
                            /** @enum {unknown} */
                            role: "owner" | "admin" | "member" | "viewer";
                            /** Format: date-time */
                            joinedAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/registerjoin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Just signed up with the invited address: set the names and join
         * @description Any signed-in user.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                        firstName?: string;
                        lastName?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            orgId: string;
                            userId: string;
                            email: string;
                            firstName: string;
                            lastName: string;
                            /** @enum {unknown} */
                            role: "owner" | "admin" | "member" | "viewer";
                            /** Format: date-time */
                            joinedAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invite to your address and join (201), or decline it (204)
         * @description Any signed-in user.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                        /** @description false declines; accepts when left out */
                        accept?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            orgId: string;
                            userId: string;
                            email: string;
                            firstName: string;
                            lastName: string;
                            /** @enum {unknown} */
                            role: "owner" | "admin" | "member" | "viewer";
                            /** Format: date-time */
                            joinedAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Audit events, newest first, filtered; page on with `cursor`
         * @description Needs one of these permissions: admin:audit.
         */
        get: {
            parameters: {
                query?: {
                    /** @description The actor: identity, API key or device id */
                    actor?: string;
                    actorType?: "identity" | "api-key" | "device" | "oauth2-client" | "anonymous" | "system";
                    group?: "account" | "oauth2" | "organisation" | "user" | "device" | "project" | "survey" | "firmware" | "platform" | "refusal" | "audit";
                    action?: "account.signin.succeeded" | "account.signin.failed" | "account.registered" | "account.recovered" | "account.verified" | "account.settings.changed" | "account.session.revoked" | "account.signout.everywhere" | "account.preferences.changed" | "oauth2.consent.granted" | "oauth2.consent.remembered" | "oauth2.consent.revoked" | "oauth2.token.issued" | "oauth2.client.created" | "oauth2.client.changed" | "oauth2.client.secret_rotated" | "oauth2.client.deleted" | "oauth2.issuer.added" | "oauth2.issuer.removed" | "oauth2.signing_key.rotated" | "org.created" | "org.changed" | "org.deleted" | "org.logo.changed" | "org.logo.removed" | "org.admin_joined" | "org.member.role_changed" | "org.member.removed" | "org.invitation.sent" | "org.invitation.revoked" | "org.invitation.accepted" | "user.created" | "user.changed" | "user.recovery_issued" | "user.sessions.revoked" | "user.session.revoked" | "user.registered_from_invitation" | "user.deleted" | "user.credential.removed" | "device.registered" | "device.changed" | "device.subscription.started" | "device.subscription.cancelled" | "project.created" | "project.changed" | "project.deleted" | "project.member.added" | "project.member.role_changed" | "project.member.removed" | "project.contact.created" | "project.contact.changed" | "project.contact.deleted" | "project.reporting.changed" | "project.share.created" | "project.share.revoked" | "survey.floor.created" | "survey.floor.changed" | "survey.floor.deleted" | "survey.floorplan.uploaded" | "survey.floorplan.changed" | "survey.floorplan.walls_changed" | "survey.floorplan.georeferenced" | "survey.track.uploaded" | "survey.track.processed" | "survey.track.placed" | "survey.photo.uploaded" | "survey.photo.changed" | "survey.photo.deleted" | "firmware.release.published" | "firmware.release.deleted" | "platform.admin.removed" | "platform.api_key.created" | "platform.api_key.used" | "platform.api_key.revoked" | "platform.config.revised" | "platform.permission_model.changed" | "platform.relationships.written" | "refusal.permission_denied" | "refusal.csrf" | "refusal.rate_limited" | "audit.retention.ran" | "audit.exported";
                    /** @description The target id */
                    target?: string;
                    targetType?: "org" | "user" | "session" | "invitation" | "device" | "project" | "contact" | "share" | "floor" | "floorplan" | "track" | "photo" | "firmware" | "oauth2-client" | "oauth2-issuer" | "signing-key" | "api-key" | "audit";
                    /** @description Events whose actor or target this id is (a user’s or a device’s own page) */
                    subject?: string;
                    outcome?: "success" | "failure" | "denied";
                    /** @description At or after */
                    from?: string;
                    /** @description Strictly before */
                    to?: string;
                    /** @description The `next` of the previous page */
                    cursor?: number;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                seq: number;
                                /** Format: date-time */
                                at: string;
                                actor: {
                                    /** @enum {unknown} */
                                    type: "identity" | "api-key" | "device" | "oauth2-client" | "anonymous" | "system";
                                    id: string | null;
                                    name: string;
                                    address: string | null;
                                };
                                action: string;
                                /** @enum {unknown} */
                                group: "account" | "oauth2" | "organisation" | "user" | "device" | "project" | "survey" | "firmware" | "platform" | "refusal" | "audit";
                                target: {
                                    /** @enum {unknown} */
                                    type: "org" | "user" | "session" | "invitation" | "device" | "project" | "contact" | "share" | "floor" | "floorplan" | "track" | "photo" | "firmware" | "oauth2-client" | "oauth2-issuer" | "signing-key" | "api-key" | "audit";
                                    id: string | null;
                                    name: string;
                                } | null;
                                orgId: string | null;
                                /** @enum {unknown} */
                                outcome: "success" | "failure" | "denied";
                                requestId: string | null;
                                details: {
                                    [key: string]: unknown;
                                };
                                hash: string;
                            }[];
                            next: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the filtered events, oldest first, as JSON lines or CSV
         * @description Needs one of these permissions: admin:audit.
         */
        get: {
            parameters: {
                query?: {
                    /** @description The actor: identity, API key or device id */
                    actor?: string;
                    actorType?: "identity" | "api-key" | "device" | "oauth2-client" | "anonymous" | "system";
                    group?: "account" | "oauth2" | "organisation" | "user" | "device" | "project" | "survey" | "firmware" | "platform" | "refusal" | "audit";
                    action?: "account.signin.succeeded" | "account.signin.failed" | "account.registered" | "account.recovered" | "account.verified" | "account.settings.changed" | "account.session.revoked" | "account.signout.everywhere" | "account.preferences.changed" | "oauth2.consent.granted" | "oauth2.consent.remembered" | "oauth2.consent.revoked" | "oauth2.token.issued" | "oauth2.client.created" | "oauth2.client.changed" | "oauth2.client.secret_rotated" | "oauth2.client.deleted" | "oauth2.issuer.added" | "oauth2.issuer.removed" | "oauth2.signing_key.rotated" | "org.created" | "org.changed" | "org.deleted" | "org.logo.changed" | "org.logo.removed" | "org.admin_joined" | "org.member.role_changed" | "org.member.removed" | "org.invitation.sent" | "org.invitation.revoked" | "org.invitation.accepted" | "user.created" | "user.changed" | "user.recovery_issued" | "user.sessions.revoked" | "user.session.revoked" | "user.registered_from_invitation" | "user.deleted" | "user.credential.removed" | "device.registered" | "device.changed" | "device.subscription.started" | "device.subscription.cancelled" | "project.created" | "project.changed" | "project.deleted" | "project.member.added" | "project.member.role_changed" | "project.member.removed" | "project.contact.created" | "project.contact.changed" | "project.contact.deleted" | "project.reporting.changed" | "project.share.created" | "project.share.revoked" | "survey.floor.created" | "survey.floor.changed" | "survey.floor.deleted" | "survey.floorplan.uploaded" | "survey.floorplan.changed" | "survey.floorplan.walls_changed" | "survey.floorplan.georeferenced" | "survey.track.uploaded" | "survey.track.processed" | "survey.track.placed" | "survey.photo.uploaded" | "survey.photo.changed" | "survey.photo.deleted" | "firmware.release.published" | "firmware.release.deleted" | "platform.admin.removed" | "platform.api_key.created" | "platform.api_key.used" | "platform.api_key.revoked" | "platform.config.revised" | "platform.permission_model.changed" | "platform.relationships.written" | "refusal.permission_denied" | "refusal.csrf" | "refusal.rate_limited" | "audit.retention.ran" | "audit.exported";
                    /** @description The target id */
                    target?: string;
                    targetType?: "org" | "user" | "session" | "invitation" | "device" | "project" | "contact" | "share" | "floor" | "floorplan" | "track" | "photo" | "firmware" | "oauth2-client" | "oauth2-issuer" | "signing-key" | "api-key" | "audit";
                    /** @description Events whose actor or target this id is (a user’s or a device’s own page) */
                    subject?: string;
                    outcome?: "success" | "failure" | "denied";
                    /** @description At or after */
                    from?: string;
                    /** @description Strictly before */
                    to?: string;
                    format?: "jsonl" | "csv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The events of the range, oldest first: one JSON object a line, or CSV with a header row. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/x-ndjson": unknown;
                        "text/csv": unknown;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check the hash chain from its start; names the first broken link
         * @description Needs one of these permissions: admin:audit.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok: boolean;
                            checked: number;
                            baseSeq: number;
                            headSeq: number;
                            firstBroken?: {
                                seq: number;
                                reason: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organisation's audit events, newest first, filtered
         * @description Needs one of these permissions: org:audit:read.
         */
        get: {
            parameters: {
                query?: {
                    /** @description The actor: identity, API key or device id */
                    actor?: string;
                    actorType?: "identity" | "api-key" | "device" | "oauth2-client" | "anonymous" | "system";
                    group?: "account" | "oauth2" | "organisation" | "user" | "device" | "project" | "survey" | "firmware" | "platform" | "refusal" | "audit";
                    action?: "account.signin.succeeded" | "account.signin.failed" | "account.registered" | "account.recovered" | "account.verified" | "account.settings.changed" | "account.session.revoked" | "account.signout.everywhere" | "account.preferences.changed" | "oauth2.consent.granted" | "oauth2.consent.remembered" | "oauth2.consent.revoked" | "oauth2.token.issued" | "oauth2.client.created" | "oauth2.client.changed" | "oauth2.client.secret_rotated" | "oauth2.client.deleted" | "oauth2.issuer.added" | "oauth2.issuer.removed" | "oauth2.signing_key.rotated" | "org.created" | "org.changed" | "org.deleted" | "org.logo.changed" | "org.logo.removed" | "org.admin_joined" | "org.member.role_changed" | "org.member.removed" | "org.invitation.sent" | "org.invitation.revoked" | "org.invitation.accepted" | "user.created" | "user.changed" | "user.recovery_issued" | "user.sessions.revoked" | "user.session.revoked" | "user.registered_from_invitation" | "user.deleted" | "user.credential.removed" | "device.registered" | "device.changed" | "device.subscription.started" | "device.subscription.cancelled" | "project.created" | "project.changed" | "project.deleted" | "project.member.added" | "project.member.role_changed" | "project.member.removed" | "project.contact.created" | "project.contact.changed" | "project.contact.deleted" | "project.reporting.changed" | "project.share.created" | "project.share.revoked" | "survey.floor.created" | "survey.floor.changed" | "survey.floor.deleted" | "survey.floorplan.uploaded" | "survey.floorplan.changed" | "survey.floorplan.walls_changed" | "survey.floorplan.georeferenced" | "survey.track.uploaded" | "survey.track.processed" | "survey.track.placed" | "survey.photo.uploaded" | "survey.photo.changed" | "survey.photo.deleted" | "firmware.release.published" | "firmware.release.deleted" | "platform.admin.removed" | "platform.api_key.created" | "platform.api_key.used" | "platform.api_key.revoked" | "platform.config.revised" | "platform.permission_model.changed" | "platform.relationships.written" | "refusal.permission_denied" | "refusal.csrf" | "refusal.rate_limited" | "audit.retention.ran" | "audit.exported";
                    /** @description The target id */
                    target?: string;
                    targetType?: "org" | "user" | "session" | "invitation" | "device" | "project" | "contact" | "share" | "floor" | "floorplan" | "track" | "photo" | "firmware" | "oauth2-client" | "oauth2-issuer" | "signing-key" | "api-key" | "audit";
                    /** @description Events whose actor or target this id is (a user’s or a device’s own page) */
                    subject?: string;
                    outcome?: "success" | "failure" | "denied";
                    /** @description At or after */
                    from?: string;
                    /** @description Strictly before */
                    to?: string;
                    /** @description The `next` of the previous page */
                    cursor?: number;
                    limit?: number;
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                seq: number;
                                /** Format: date-time */
                                at: string;
                                actor: {
                                    /** @enum {unknown} */
                                    type: "identity" | "api-key" | "device" | "oauth2-client" | "anonymous" | "system";
                                    id: string | null;
                                    name: string;
                                    address: string | null;
                                };
                                action: string;
                                /** @enum {unknown} */
                                group: "account" | "oauth2" | "organisation" | "user" | "device" | "project" | "survey" | "firmware" | "platform" | "refusal" | "audit";
                                target: {
                                    /** @enum {unknown} */
                                    type: "org" | "user" | "session" | "invitation" | "device" | "project" | "contact" | "share" | "floor" | "floorplan" | "track" | "photo" | "firmware" | "oauth2-client" | "oauth2-issuer" | "signing-key" | "api-key" | "audit";
                                    id: string | null;
                                    name: string;
                                } | null;
                                orgId: string | null;
                                /** @enum {unknown} */
                                outcome: "success" | "failure" | "denied";
                                requestId: string | null;
                                details: {
                                    [key: string]: unknown;
                                };
                                hash: string;
                            }[];
                            next: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/audit/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the organisation's filtered events as JSON lines or CSV
         * @description Needs one of these permissions: org:audit:read.
         */
        get: {
            parameters: {
                query?: {
                    /** @description The actor: identity, API key or device id */
                    actor?: string;
                    actorType?: "identity" | "api-key" | "device" | "oauth2-client" | "anonymous" | "system";
                    group?: "account" | "oauth2" | "organisation" | "user" | "device" | "project" | "survey" | "firmware" | "platform" | "refusal" | "audit";
                    action?: "account.signin.succeeded" | "account.signin.failed" | "account.registered" | "account.recovered" | "account.verified" | "account.settings.changed" | "account.session.revoked" | "account.signout.everywhere" | "account.preferences.changed" | "oauth2.consent.granted" | "oauth2.consent.remembered" | "oauth2.consent.revoked" | "oauth2.token.issued" | "oauth2.client.created" | "oauth2.client.changed" | "oauth2.client.secret_rotated" | "oauth2.client.deleted" | "oauth2.issuer.added" | "oauth2.issuer.removed" | "oauth2.signing_key.rotated" | "org.created" | "org.changed" | "org.deleted" | "org.logo.changed" | "org.logo.removed" | "org.admin_joined" | "org.member.role_changed" | "org.member.removed" | "org.invitation.sent" | "org.invitation.revoked" | "org.invitation.accepted" | "user.created" | "user.changed" | "user.recovery_issued" | "user.sessions.revoked" | "user.session.revoked" | "user.registered_from_invitation" | "user.deleted" | "user.credential.removed" | "device.registered" | "device.changed" | "device.subscription.started" | "device.subscription.cancelled" | "project.created" | "project.changed" | "project.deleted" | "project.member.added" | "project.member.role_changed" | "project.member.removed" | "project.contact.created" | "project.contact.changed" | "project.contact.deleted" | "project.reporting.changed" | "project.share.created" | "project.share.revoked" | "survey.floor.created" | "survey.floor.changed" | "survey.floor.deleted" | "survey.floorplan.uploaded" | "survey.floorplan.changed" | "survey.floorplan.walls_changed" | "survey.floorplan.georeferenced" | "survey.track.uploaded" | "survey.track.processed" | "survey.track.placed" | "survey.photo.uploaded" | "survey.photo.changed" | "survey.photo.deleted" | "firmware.release.published" | "firmware.release.deleted" | "platform.admin.removed" | "platform.api_key.created" | "platform.api_key.used" | "platform.api_key.revoked" | "platform.config.revised" | "platform.permission_model.changed" | "platform.relationships.written" | "refusal.permission_denied" | "refusal.csrf" | "refusal.rate_limited" | "audit.retention.ran" | "audit.exported";
                    /** @description The target id */
                    target?: string;
                    targetType?: "org" | "user" | "session" | "invitation" | "device" | "project" | "contact" | "share" | "floor" | "floorplan" | "track" | "photo" | "firmware" | "oauth2-client" | "oauth2-issuer" | "signing-key" | "api-key" | "audit";
                    /** @description Events whose actor or target this id is (a user’s or a device’s own page) */
                    subject?: string;
                    outcome?: "success" | "failure" | "denied";
                    /** @description At or after */
                    from?: string;
                    /** @description Strictly before */
                    to?: string;
                    format?: "jsonl" | "csv";
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The events of the range, oldest first: one JSON object a line, or CSV with a header row. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/x-ndjson": unknown;
                        "text/csv": unknown;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An organisation's devices with their latest subscription
         * @description Needs one of these permissions: org:devices:read.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    per_page?: number;
                    q?: string;
                    model?: string;
                    status?: "active" | "disabled";
                    subscription?: "none" | "active" | "cancelling" | "cancelled";
                    sort?: "name" | "serial" | "created";
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                orgId: string;
                                serial: string;
                                model: string;
                                name: string;
                                firmwareVersion: string | null;
                                status: "active" | "disabled";
                                lastSeenAt: string | null;
                                registeredBy: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                                subscription: {
                                    id: string;
                                    deviceId: string;
                                    orgId: string;
                                    plan: string;
                                    interval: "monthly" | "yearly";
                                    priceMinor: number;
                                    currency: "EUR" | "USD" | "GBP";
                                    state: "active" | "cancelling" | "cancelled";
                                    /** Format: date-time */
                                    startedAt: string;
                                    /** Format: date-time */
                                    currentPeriodStart: string;
                                    /** Format: date-time */
                                    currentPeriodEnd: string;
                                    cancelledAt: string | null;
                                    endedAt: string | null;
                                } | null;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/devices/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a manufactured device by its serial and claim code
         * @description Needs one of these permissions: org:devices:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        serial: string;
                        claimCode: string;
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            device: {
                                id: string;
                                orgId: string;
                                serial: string;
                                model: string;
                                name: string;
                                firmwareVersion: string | null;
                                status: "active" | "disabled";
                                lastSeenAt: string | null;
                                registeredBy: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                                subscription: {
                                    id: string;
                                    deviceId: string;
                                    orgId: string;
                                    plan: string;
                                    interval: "monthly" | "yearly";
                                    priceMinor: number;
                                    currency: "EUR" | "USD" | "GBP";
                                    state: "active" | "cancelling" | "cancelled";
                                    /** Format: date-time */
                                    startedAt: string;
                                    /** Format: date-time */
                                    currentPeriodStart: string;
                                    /** Format: date-time */
                                    currentPeriodEnd: string;
                                    cancelledAt: string | null;
                                    endedAt: string | null;
                                } | null;
                            };
                            /** @description The device's upload token for X-Device-Token, shown only now. */
                            token: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{deviceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A device with its latest subscription
         * @description Needs one of these permissions: org:devices:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    deviceId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            orgId: string;
                            serial: string;
                            model: string;
                            name: string;
                            firmwareVersion: string | null;
                            status: "active" | "disabled";
                            lastSeenAt: string | null;
                            registeredBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            subscription: {
                                id: string;
                                deviceId: string;
                                orgId: string;
                                plan: string;
                                interval: "monthly" | "yearly";
                                priceMinor: number;
                                currency: "EUR" | "USD" | "GBP";
                                state: "active" | "cancelling" | "cancelled";
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                currentPeriodStart: string;
                                /** Format: date-time */
                                currentPeriodEnd: string;
                                cancelledAt: string | null;
                                endedAt: string | null;
                            } | null;
                        };
                    };
                };
            };
        };
        /**
         * Change a device's name, status or firmware version, or rotate its token
         * @description Needs one of these permissions: org:devices:manage.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    deviceId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        /** @enum {unknown} */
                        status?: "active" | "disabled";
                        firmwareVersion?: string | null;
                        rotateToken?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            orgId: string;
                            serial: string;
                            model: string;
                            name: string;
                            firmwareVersion: string | null;
                            status: "active" | "disabled";
                            lastSeenAt: string | null;
                            registeredBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            subscription: {
                                id: string;
                                deviceId: string;
                                orgId: string;
                                plan: string;
                                interval: "monthly" | "yearly";
                                priceMinor: number;
                                currency: "EUR" | "USD" | "GBP";
                                state: "active" | "cancelling" | "cancelled";
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                currentPeriodStart: string;
                                /** Format: date-time */
                                currentPeriodEnd: string;
                                cancelledAt: string | null;
                                endedAt: string | null;
                            } | null;
                            /** @description The device's upload token for X-Device-Token, shown only now. */
                            token?: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{deviceId}/startsubscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Subscribe a device to a plan; the first period is invoiced at once
         * @description Needs one of these permissions: org:billing:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    deviceId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        plan: "basic" | "professional" | "enterprise";
                        /** @enum {string} */
                        interval: "monthly" | "yearly";
                        /**
                         * @default EUR
                         * @enum {string}
                         */
                        currency?: "EUR" | "USD" | "GBP";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            subscription: {
                                id: string;
                                deviceId: string;
                                orgId: string;
                                plan: string;
                                interval: "monthly" | "yearly";
                                priceMinor: number;
                                currency: "EUR" | "USD" | "GBP";
                                state: "active" | "cancelling" | "cancelled";
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                currentPeriodStart: string;
                                /** Format: date-time */
                                currentPeriodEnd: string;
                                cancelledAt: string | null;
                                endedAt: string | null;
                            };
                            invoice?: {
                                id: string;
                                orgId: string;
                                number: string;
                                subscriptionId: string | null;
                                deviceId: string | null;
                                /** Format: date-time */
                                periodStart: string;
                                /** Format: date-time */
                                periodEnd: string;
                                currency: string;
                                lines: {
                                    description: string;
                                    quantity: number;
                                    unitAmountMinor: number;
                                    amountMinor: number;
                                }[];
                                totalMinor: number;
                                status: "issued" | "paid" | "void";
                                /** Format: date-time */
                                issuedAt: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{deviceId}/cancelsubscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a device's subscription at the end of its paid period, or at once
         * @description Needs one of these permissions: org:billing:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    deviceId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description End now instead of at the end of the paid period (no refund either way) */
                        immediately?: boolean;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            deviceId: string;
                            orgId: string;
                            plan: string;
                            interval: "monthly" | "yearly";
                            priceMinor: number;
                            currency: "EUR" | "USD" | "GBP";
                            state: "active" | "cancelling" | "cancelled";
                            /** Format: date-time */
                            startedAt: string;
                            /** Format: date-time */
                            currentPeriodStart: string;
                            /** Format: date-time */
                            currentPeriodEnd: string;
                            cancelledAt: string | null;
                            endedAt: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The plans a device subscription can start with, and their prices
         * @description Any signed-in user.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            plans: {
                                id: string;
                                name: string;
                                prices: {
                                    /** @description Price in minor units by currency code */
                                    monthly: {
                                        [key: string]: number;
                                    };
                                    /** @description Price in minor units by currency code */
                                    yearly: {
                                        [key: string]: number;
                                    };
                                };
                            }[];
                            intervals: string[];
                            currencies: string[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organisation's invoices, newest first (filter by device, status, period)
         * @description Needs one of these permissions: org:billing:read.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    per_page?: number;
                    status?: "issued" | "paid" | "void";
                    deviceId?: string;
                    /** @description Issued at or after */
                    from?: string;
                    /** @description Issued strictly before */
                    to?: string;
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                orgId: string;
                                number: string;
                                subscriptionId: string | null;
                                deviceId: string | null;
                                /** Format: date-time */
                                periodStart: string;
                                /** Format: date-time */
                                periodEnd: string;
                                currency: string;
                                lines: {
                                    description: string;
                                    quantity: number;
                                    unitAmountMinor: number;
                                    amountMinor: number;
                                }[];
                                totalMinor: number;
                                status: "issued" | "paid" | "void";
                                /** Format: date-time */
                                issuedAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/invoices/{invoiceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One invoice of the organisation with its lines
         * @description Needs one of these permissions: org:billing:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                    invoiceId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            orgId: string;
                            number: string;
                            subscriptionId: string | null;
                            deviceId: string | null;
                            /** Format: date-time */
                            periodStart: string;
                            /** Format: date-time */
                            periodEnd: string;
                            currency: string;
                            lines: {
                                description: string;
                                quantity: number;
                                unitAmountMinor: number;
                                amountMinor: number;
                            }[];
                            totalMinor: number;
                            status: "issued" | "paid" | "void";
                            /** Format: date-time */
                            issuedAt: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organisation's events, newest first (filter by kind and time)
         * @description Needs one of these permissions: org:notifications:read.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    per_page?: number;
                    kind?: string;
                    /** @description Created at or after */
                    since?: string;
                    /** @description Created strictly before */
                    before?: string;
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                orgId: string;
                                kind: string;
                                title: string;
                                body: string;
                                data: {
                                    [key: string]: unknown;
                                };
                                /** Format: date-time */
                                createdAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/firmware/releases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a firmware release: multipart with deviceModel, changeNotes, fileHash (hex SHA-256) and optionally version, then the file in field "file"
         * @description Needs one of these permissions: admin:firmware.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            deviceModel: string;
                            version: string;
                            changeNotes: string;
                            /** @description SHA-256 of the file, lowercase hex */
                            sha256: string;
                            /** @description Bytes */
                            size: number;
                            fileName: string;
                            createdBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/firmware/releases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Firmware releases (filter by device model and version)
         * @description Any signed-in user.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    per_page?: number;
                    deviceModel?: string;
                    version?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                deviceModel: string;
                                version: string;
                                changeNotes: string;
                                /** @description SHA-256 of the file, lowercase hex */
                                sha256: string;
                                /** @description Bytes */
                                size: number;
                                fileName: string;
                                createdBy: string | null;
                                /** Format: date-time */
                                createdAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/firmware/releases/{releaseId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a release with its file
         * @description Needs one of these permissions: admin:firmware.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    releaseId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orgs/{orgId}/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An organisation's projects
         * @description Needs one of these permissions: org:projects:read.
         */
        get: {
            parameters: {
                query?: {
                    q?: string;
                    status?: "running" | "halted";
                    /** @description Only projects the caller is a member of. */
                    mine?: boolean;
                    /** @description created (default): newest first; updated: last changed first. */
                    sort?: "name" | "created" | "updated";
                    page?: number;
                    per_page?: number;
                    /** @description The total an earlier page of this same query answered: a later page answers it rather than counting again. */
                    known_total?: number;
                };
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                orgId: string;
                                name: string;
                                description: string;
                                status: "running" | "halted";
                                customer: string;
                                address: string;
                                createdBy: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a project; its creator becomes its manager
         * @description Needs one of these permissions: org:projects:create.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orgId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        description?: string;
                        /** @enum {string} */
                        status?: "running" | "halted";
                        customer?: string;
                        address?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            orgId: string;
                            name: string;
                            description: string;
                            status: "running" | "halted";
                            customer: string;
                            address: string;
                            createdBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            orgId: string;
                            name: string;
                            description: string;
                            status: "running" | "halted";
                            customer: string;
                            address: string;
                            createdBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        /**
         * Change a project's fields; halt or resume it with status
         * @description Needs one of these permissions: project:update.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        description?: string;
                        /** @enum {string} */
                        status?: "running" | "halted";
                        customer?: string;
                        address?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            orgId: string;
                            name: string;
                            description: string;
                            status: "running" | "halted";
                            customer: string;
                            address: string;
                            createdBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a project with everything in it
         * @description Needs one of these permissions: project:delete.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project's members and their roles, by name
         * @description Needs one of these permissions: project:users:read, project:users:manage.
         */
        get: {
            parameters: {
                query?: {
                    role?: "manager" | "surveyor" | "viewer";
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                projectId: string;
                                userId: string;
                                email: string;
                                firstName: string;
                                lastName: string;
                                /** @enum {unknown} */
                                role: "manager" | "surveyor" | "viewer";
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Add a member of the project's organisation to the project
         * @description Needs one of these permissions: project:users:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        userId: string;
                        /** @enum {unknown} */
                        role: "manager" | "surveyor" | "viewer";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            projectId: string;
                            userId: string;
                            email: string;
                            firstName: string;
                            lastName: string;
                            /** @enum {unknown} */
                            role: "manager" | "surveyor" | "viewer";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a member's role
         * @description Needs one of these permissions: project:users:manage.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        role: "manager" | "surveyor" | "viewer";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            projectId: string;
                            userId: string;
                            email: string;
                            firstName: string;
                            lastName: string;
                            /** @enum {unknown} */
                            role: "manager" | "surveyor" | "viewer";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Remove a member from the project
         * @description Needs one of these permissions: project:users:manage.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/floors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project's floors, lowest level first
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: {
                    q?: string;
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                projectId: string;
                                name: string;
                                level: number;
                                heightM: number | null;
                                floorplans: number;
                                tracks: number;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Add a floor
         * @description Needs one of these permissions: project:survey:write.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        level: number;
                        heightM?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            projectId: string;
                            name: string;
                            level: number;
                            heightM: number | null;
                            floorplans: number;
                            tracks: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/floors/{floorId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A floor
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    floorId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            projectId: string;
                            name: string;
                            level: number;
                            heightM: number | null;
                            floorplans: number;
                            tracks: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        /**
         * Change a floor's name, level or height
         * @description Needs one of these permissions: project:survey:write.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    floorId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        level?: number;
                        heightM?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            projectId: string;
                            name: string;
                            level: number;
                            heightM: number | null;
                            floorplans: number;
                            tracks: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a floor with its floor plans, tracks and photos
         * @description Needs one of these permissions: project:survey:write.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    floorId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/floors/{floorId}/floorplans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A floor's plans, newest first
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    floorId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                floorId: string;
                                fileName: string;
                                mediaType: string;
                                byteSize: number;
                                sha256: string;
                                /** @description Pixel size of the uploaded image: the coordinate space of calibration, tracks and photos. */
                                width: number;
                                height: number;
                                display: {
                                    width: number;
                                    height: number;
                                    /** @description The display PNG. */
                                    url: string;
                                };
                                /** @description The file as uploaded. */
                                imageUrl: string;
                                /** Format: date-time */
                                renderedAt: string;
                                calibration: {
                                    /** @description Two image points, pixels. */
                                    points: {
                                        x: number;
                                        y: number;
                                    }[];
                                    /** @description Real distance between the two points, metres. */
                                    distanceM: number;
                                    origin: {
                                        x: number;
                                        y: number;
                                    };
                                    /** @description Turns the image's axes onto the building's, degrees. */
                                    rotationDeg: number;
                                } | null;
                                metresPerPixel: number | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Upload a floor plan: PNG, JPEG, SVG or PDF (its first page), multipart in field "file"
         * @description Needs one of these permissions: project:survey:write.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    floorId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            floorId: string;
                            fileName: string;
                            mediaType: string;
                            byteSize: number;
                            sha256: string;
                            /** @description Pixel size of the uploaded image: the coordinate space of calibration, tracks and photos. */
                            width: number;
                            height: number;
                            display: {
                                width: number;
                                height: number;
                                /** @description The display PNG. */
                                url: string;
                            };
                            /** @description The file as uploaded. */
                            imageUrl: string;
                            /** Format: date-time */
                            renderedAt: string;
                            calibration: {
                                /** @description Two image points, pixels. */
                                points: {
                                    x: number;
                                    y: number;
                                }[];
                                /** @description Real distance between the two points, metres. */
                                distanceM: number;
                                origin: {
                                    x: number;
                                    y: number;
                                };
                                /** @description Turns the image's axes onto the building's, degrees. */
                                rotationDeg: number;
                            } | null;
                            metresPerPixel: number | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/floorplans/{floorplanId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A floor plan
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    floorplanId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            floorId: string;
                            fileName: string;
                            mediaType: string;
                            byteSize: number;
                            sha256: string;
                            /** @description Pixel size of the uploaded image: the coordinate space of calibration, tracks and photos. */
                            width: number;
                            height: number;
                            display: {
                                width: number;
                                height: number;
                                /** @description The display PNG. */
                                url: string;
                            };
                            /** @description The file as uploaded. */
                            imageUrl: string;
                            /** Format: date-time */
                            renderedAt: string;
                            calibration: {
                                /** @description Two image points, pixels. */
                                points: {
                                    x: number;
                                    y: number;
                                }[];
                                /** @description Real distance between the two points, metres. */
                                distanceM: number;
                                origin: {
                                    x: number;
                                    y: number;
                                };
                                /** @description Turns the image's axes onto the building's, degrees. */
                                rotationDeg: number;
                            } | null;
                            metresPerPixel: number | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        /**
         * Calibrate a floor plan from two points and their distance; its processed tracks are queued again
         * @description Needs one of these permissions: project:survey:write.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    floorplanId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Two image points, pixels. */
                        points: {
                            x: number;
                            y: number;
                        }[];
                        distanceM: number;
                        origin?: {
                            x: number;
                            y: number;
                        };
                        rotationDeg?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            floorId: string;
                            fileName: string;
                            mediaType: string;
                            byteSize: number;
                            sha256: string;
                            /** @description Pixel size of the uploaded image: the coordinate space of calibration, tracks and photos. */
                            width: number;
                            height: number;
                            display: {
                                width: number;
                                height: number;
                                /** @description The display PNG. */
                                url: string;
                            };
                            /** @description The file as uploaded. */
                            imageUrl: string;
                            /** Format: date-time */
                            renderedAt: string;
                            calibration: {
                                /** @description Two image points, pixels. */
                                points: {
                                    x: number;
                                    y: number;
                                }[];
                                /** @description Real distance between the two points, metres. */
                                distanceM: number;
                                origin: {
                                    x: number;
                                    y: number;
                                };
                                /** @description Turns the image's axes onto the building's, degrees. */
                                rotationDeg: number;
                            } | null;
                            metresPerPixel: number | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        /**
         * Render the display image again from the stored original
         * @description Needs one of these permissions: project:survey:write.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    floorplanId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            floorId: string;
                            fileName: string;
                            mediaType: string;
                            byteSize: number;
                            sha256: string;
                            /** @description Pixel size of the uploaded image: the coordinate space of calibration, tracks and photos. */
                            width: number;
                            height: number;
                            display: {
                                width: number;
                                height: number;
                                /** @description The display PNG. */
                                url: string;
                            };
                            /** @description The file as uploaded. */
                            imageUrl: string;
                            /** Format: date-time */
                            renderedAt: string;
                            calibration: {
                                /** @description Two image points, pixels. */
                                points: {
                                    x: number;
                                    y: number;
                                }[];
                                /** @description Real distance between the two points, metres. */
                                distanceM: number;
                                origin: {
                                    x: number;
                                    y: number;
                                };
                                /** @description Turns the image's axes onto the building's, degrees. */
                                rotationDeg: number;
                            } | null;
                            metresPerPixel: number | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/floorplans/{floorplanId}/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The display image, with an ETag
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    floorplanId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The display image, at most 4096 pixels on its longest side. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/png": unknown;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/floorplans/{floorplanId}/original": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The file as uploaded, as an attachment, with an ETag
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    floorplanId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The uploaded file. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/png": unknown;
                        "image/jpeg": unknown;
                        "image/svg+xml": unknown;
                        "application/pdf": unknown;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/floorplans/{floorplanId}/walls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The walls drawn on a floor plan
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    floorplanId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            walls: {
                                /** @description Chosen by the client; unique within the plan. */
                                id: string;
                                /** @description First end, image pixels. */
                                x1: number;
                                y1: number;
                                /** @description Second end, image pixels. */
                                x2: number;
                                y2: number;
                                /**
                                 * @description A preset; each has a typical loss (drywall 3, glass 4, brick 8, concrete 12 dB).
                                 * @enum {string}
                                 */
                                material: "drywall" | "glass" | "brick" | "concrete";
                                /** @description What a signal loses crossing this wall, dB. */
                                lossDb: number;
                            }[];
                        };
                    };
                };
            };
        };
        /**
         * Replace a floor plan's walls; when they change, its processed tracks are queued again
         * @description Needs one of these permissions: project:survey:write.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    floorplanId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        walls: {
                            /** @description Chosen by the client; unique within the plan. */
                            id: string;
                            /** @description First end, image pixels. */
                            x1: number;
                            y1: number;
                            /** @description Second end, image pixels. */
                            x2: number;
                            y2: number;
                            /**
                             * @description A preset; each has a typical loss (drywall 3, glass 4, brick 8, concrete 12 dB).
                             * @enum {string}
                             */
                            material: "drywall" | "glass" | "brick" | "concrete";
                            /** @description What a signal loses crossing this wall, dB. */
                            lossDb: number;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            walls: {
                                /** @description Chosen by the client; unique within the plan. */
                                id: string;
                                /** @description First end, image pixels. */
                                x1: number;
                                y1: number;
                                /** @description Second end, image pixels. */
                                x2: number;
                                y2: number;
                                /**
                                 * @description A preset; each has a typical loss (drywall 3, glass 4, brick 8, concrete 12 dB).
                                 * @enum {string}
                                 */
                                material: "drywall" | "glass" | "brick" | "concrete";
                                /** @description What a signal loses crossing this wall, dB. */
                                lossDb: number;
                            }[];
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/floorplans/{floorplanId}/georeference": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A floor plan's control points (pixel ↔ latitude/longitude), each with its residual
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    floorplanId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            controlPoints: {
                                /** @description Pixel of the uploaded image (0 to the plan’s width). */
                                x: number;
                                /** @description Pixel of the uploaded image (0 to the plan’s height). */
                                y: number;
                                /** @description Degrees, WGS 84 (−85 to 85: plans near the poles cannot be georeferenced). */
                                latitude: number;
                                /** @description Degrees, WGS 84 (−180 to 180). */
                                longitude: number;
                                /** @description Metres on the ground between where the fit puts this pixel and this latitude/longitude (0 with two points). */
                                residualM: number;
                            }[];
                            /** @description Null while the plan has no control points. */
                            fit: {
                                /** @description Ground metres per image pixel. */
                                metresPerPixel: number;
                                /** @description Compass bearing of the image’s up direction, degrees clockwise from true north. */
                                northDeg: number;
                                /** @description Root mean square of the residuals, metres. */
                                rmsM: number;
                            } | null;
                        };
                    };
                };
            };
        };
        /**
         * Replace a floor plan's control points; an empty list removes the georeference
         * @description Needs one of these permissions: project:survey:write.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    floorplanId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Two or more points, each at least 2 px apart on the image and 0.5 m apart on the ground; an empty list removes the georeference. */
                        controlPoints: {
                            /** @description Pixel of the uploaded image (0 to the plan’s width). */
                            x: number;
                            /** @description Pixel of the uploaded image (0 to the plan’s height). */
                            y: number;
                            /** @description Degrees, WGS 84 (−85 to 85: plans near the poles cannot be georeferenced). */
                            latitude: number;
                            /** @description Degrees, WGS 84 (−180 to 180). */
                            longitude: number;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            controlPoints: {
                                /** @description Pixel of the uploaded image (0 to the plan’s width). */
                                x: number;
                                /** @description Pixel of the uploaded image (0 to the plan’s height). */
                                y: number;
                                /** @description Degrees, WGS 84 (−85 to 85: plans near the poles cannot be georeferenced). */
                                latitude: number;
                                /** @description Degrees, WGS 84 (−180 to 180). */
                                longitude: number;
                                /** @description Metres on the ground between where the fit puts this pixel and this latitude/longitude (0 with two points). */
                                residualM: number;
                            }[];
                            /** @description Null while the plan has no control points. */
                            fit: {
                                /** @description Ground metres per image pixel. */
                                metresPerPixel: number;
                                /** @description Compass bearing of the image’s up direction, degrees clockwise from true north. */
                                northDeg: number;
                                /** @description Root mean square of the residuals, metres. */
                                rmsM: number;
                            } | null;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/floors/{floorId}/tracks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A floor's tracks, newest first
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: {
                    status?: "imported" | "queued" | "processing" | "processed" | "failed";
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    floorId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                floorId: string;
                                floorplanId: string;
                                name: string;
                                /** @enum {unknown} */
                                source: "upload" | "device";
                                deviceId: string | null;
                                fileName: string;
                                /** @enum {unknown} */
                                format: "csv" | "json" | "esx" | "wigle" | "scanlog";
                                sampleCount: number;
                                networkCount: number;
                                pathPoints: number;
                                /** @description False for a walk imported without positions: it is placed on the plan (PUT /api/tracks/{trackId}/positions) before it can be processed. */
                                placed: boolean;
                                /** @description Earliest sample time, seconds. */
                                startTime: number;
                                /** @description Latest sample time, seconds. */
                                endTime: number;
                                durationS: number;
                                /** @enum {unknown} */
                                status: "imported" | "queued" | "processing" | "processed" | "failed";
                                failureReason: string | null;
                                queuedAt: string | null;
                                startedAt: string | null;
                                finishedAt: string | null;
                                processingMs: number | null;
                                result: {
                                    method: {
                                        /** @enum {string} */
                                        interpolation: "idw";
                                        power: number;
                                        radiusM: number;
                                        cellSizeM: number;
                                    };
                                    /** @description Square cells of cellSizeM metres along the image's own axes, row by row from its top-left corner. */
                                    grid: {
                                        cellSizeM: number;
                                        cols: number;
                                        rows: number;
                                        /** @description Metres per image pixel. */
                                        metresPerPixel: number;
                                    };
                                    /** @description False when the plan was not calibrated and 5 cm per pixel was assumed. */
                                    calibrated: boolean;
                                    layers: {
                                        technology: string;
                                        networks: number;
                                        noiseAssumed: boolean;
                                        /** @description Share of surveyed cells meeting all thresholds, and each one alone. */
                                        coverage: {
                                            surveyedCells: number;
                                            surveyedAreaM2: number;
                                            /** @description Share of surveyed cells meeting all thresholds, 0–100. */
                                            percent: number;
                                            signalPercent: number;
                                            /** @description Absent from results processed before the secondary-signal requirement existed; processing the track again adds it. */
                                            secondaryPercent?: number;
                                            snrPercent: number;
                                            servingPercent: number;
                                            coChannelPercent: number;
                                        };
                                    }[];
                                } | null;
                                createdBy: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Import a survey file as a track: CSV, JSON, Ekahau .esx, WiGLE CSV or an iw / nmcli scan log, multipart in field "file"
         * @description Needs one of these permissions: project:survey:write.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Queue processing at once (default: no for a user import, yes for a device upload). */
                    process?: boolean;
                };
                header?: never;
                path: {
                    floorId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            floorId: string;
                            floorplanId: string;
                            name: string;
                            /** @enum {unknown} */
                            source: "upload" | "device";
                            deviceId: string | null;
                            fileName: string;
                            /** @enum {unknown} */
                            format: "csv" | "json" | "esx" | "wigle" | "scanlog";
                            sampleCount: number;
                            networkCount: number;
                            pathPoints: number;
                            /** @description False for a walk imported without positions: it is placed on the plan (PUT /api/tracks/{trackId}/positions) before it can be processed. */
                            placed: boolean;
                            /** @description Earliest sample time, seconds. */
                            startTime: number;
                            /** @description Latest sample time, seconds. */
                            endTime: number;
                            durationS: number;
                            /** @enum {unknown} */
                            status: "imported" | "queued" | "processing" | "processed" | "failed";
                            failureReason: string | null;
                            queuedAt: string | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                            processingMs: number | null;
                            result: {
                                method: {
                                    /** @enum {string} */
                                    interpolation: "idw";
                                    power: number;
                                    radiusM: number;
                                    cellSizeM: number;
                                };
                                /** @description Square cells of cellSizeM metres along the image's own axes, row by row from its top-left corner. */
                                grid: {
                                    cellSizeM: number;
                                    cols: number;
                                    rows: number;
                                    /** @description Metres per image pixel. */
                                    metresPerPixel: number;
                                };
                                /** @description False when the plan was not calibrated and 5 cm per pixel was assumed. */
                                calibrated: boolean;
                                layers: {
                                    technology: string;
                                    networks: number;
                                    noiseAssumed: boolean;
                                    /** @description Share of surveyed cells meeting all thresholds, and each one alone. */
                                    coverage: {
                                        surveyedCells: number;
                                        surveyedAreaM2: number;
                                        /** @description Share of surveyed cells meeting all thresholds, 0–100. */
                                        percent: number;
                                        signalPercent: number;
                                        /** @description Absent from results processed before the secondary-signal requirement existed; processing the track again adds it. */
                                        secondaryPercent?: number;
                                        snrPercent: number;
                                        servingPercent: number;
                                        coChannelPercent: number;
                                    };
                                }[];
                            } | null;
                            createdBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Lines of the file left out on purpose (a scan log's prompt lines, other commands, comments). */
                            skipped?: {
                                /** @description How many lines the reader left out on purpose. */
                                count: number;
                                /** @description The first 20 of them, with why. */
                                lines: {
                                    where: string;
                                    field: string;
                                    message: string;
                                }[];
                            };
                            /** @description An Ekahau project surveyed on several floors: one walk per Ekahau floor, on the project floor it was matched to. The answer is the walk on the floor uploaded to (else the first). */
                            ekahauFloors?: {
                                ekahauFloor: string;
                                floorId: string;
                                trackId: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tracks/{trackId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A track, with its processing state and result summary
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    trackId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            floorId: string;
                            floorplanId: string;
                            name: string;
                            /** @enum {unknown} */
                            source: "upload" | "device";
                            deviceId: string | null;
                            fileName: string;
                            /** @enum {unknown} */
                            format: "csv" | "json" | "esx" | "wigle" | "scanlog";
                            sampleCount: number;
                            networkCount: number;
                            pathPoints: number;
                            /** @description False for a walk imported without positions: it is placed on the plan (PUT /api/tracks/{trackId}/positions) before it can be processed. */
                            placed: boolean;
                            /** @description Earliest sample time, seconds. */
                            startTime: number;
                            /** @description Latest sample time, seconds. */
                            endTime: number;
                            durationS: number;
                            /** @enum {unknown} */
                            status: "imported" | "queued" | "processing" | "processed" | "failed";
                            failureReason: string | null;
                            queuedAt: string | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                            processingMs: number | null;
                            result: {
                                method: {
                                    /** @enum {string} */
                                    interpolation: "idw";
                                    power: number;
                                    radiusM: number;
                                    cellSizeM: number;
                                };
                                /** @description Square cells of cellSizeM metres along the image's own axes, row by row from its top-left corner. */
                                grid: {
                                    cellSizeM: number;
                                    cols: number;
                                    rows: number;
                                    /** @description Metres per image pixel. */
                                    metresPerPixel: number;
                                };
                                /** @description False when the plan was not calibrated and 5 cm per pixel was assumed. */
                                calibrated: boolean;
                                layers: {
                                    technology: string;
                                    networks: number;
                                    noiseAssumed: boolean;
                                    /** @description Share of surveyed cells meeting all thresholds, and each one alone. */
                                    coverage: {
                                        surveyedCells: number;
                                        surveyedAreaM2: number;
                                        /** @description Share of surveyed cells meeting all thresholds, 0–100. */
                                        percent: number;
                                        signalPercent: number;
                                        /** @description Absent from results processed before the secondary-signal requirement existed; processing the track again adds it. */
                                        secondaryPercent?: number;
                                        snrPercent: number;
                                        servingPercent: number;
                                        coChannelPercent: number;
                                    };
                                }[];
                            } | null;
                            createdBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tracks/{trackId}/datasets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A processed track's grids: per network and per technology layer
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: {
                    kind?: "signal" | "predicted" | "predictedSigma" | "best" | "second" | "bestNetwork" | "snr" | "serving" | "coChannel";
                    technology?: string;
                    /** @description Network datasets of this band only. */
                    band?: string;
                    /** @description values: answer the grids too. */
                    include?: "values";
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    trackId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Square cells of cellSizeM metres along the image's own axes, row by row from its top-left corner. */
                            grid: {
                                cellSizeM: number;
                                cols: number;
                                rows: number;
                                /** @description Metres per image pixel. */
                                metresPerPixel: number;
                            };
                            method: {
                                /** @enum {string} */
                                interpolation: "idw";
                                power: number;
                                radiusM: number;
                                cellSizeM: number;
                            };
                            calibrated: boolean;
                            items: {
                                id: string;
                                /** @enum {unknown} */
                                kind: "signal" | "predicted" | "predictedSigma" | "best" | "second" | "bestNetwork" | "snr" | "serving" | "coChannel";
                                technology: string;
                                /** @enum {unknown} */
                                unit: "dBm" | "dB" | "0.1dB" | "count" | "index";
                                /** @enum {unknown} */
                                encoding: "int8" | "uint8" | "uint16le";
                                noData: number | null;
                                network?: {
                                    /** @description The network index bestNetwork grids refer to. */
                                    index: number;
                                    networkId: string;
                                    name: string;
                                    band: string;
                                    channel: number;
                                    frequencyMHz: number;
                                    samples: number;
                                    minSignalDbm: number;
                                    meanSignalDbm: number;
                                    maxSignalDbm: number;
                                    meanNoiseDbm: number | null;
                                    meanThroughputMbps: number | null;
                                    /** @description Cells with an interpolated value. */
                                    cells: number;
                                    /** @description Cells at or above the layer's minimum signal. */
                                    coveredCells: number;
                                    coveragePercent: number;
                                };
                                colourScale?: {
                                    /** @description From this signal level (dBm) up, until the next stop. */
                                    dbm: number;
                                    /** @description CSS hex colour. */
                                    colour: string;
                                }[];
                                /**
                                 * Format: byte
                                 * @description With include=values: base64 of the grid, cols × rows cells in the encoding (little-endian).
                                 */
                                values?: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tracks/{trackId}/points": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the track was measured: each place in time order with the strongest signal heard
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    trackId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            count: number;
                            /** @description False for a walk not placed yet: x and y are then null, and the places are its scans in time order. */
                            placed: boolean;
                            /** @description Floor-plan pixels, one entry per place, in time order; null while the walk is not placed. */
                            x: (number | null)[];
                            y: (number | null)[];
                            time: number[];
                            bestDbm: number[];
                            networks: number[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tracks/{trackId}/photos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Photos taken during a track, newest first
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    trackId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                floorId: string;
                                trackId: string | null;
                                /** @description Position on the floor plan, pixels of the plan's image. */
                                x: number;
                                y: number;
                                caption: string;
                                fileName: string;
                                mediaType: string;
                                byteSize: number;
                                width: number;
                                height: number;
                                /** @description The image. */
                                url: string;
                                createdBy: string | null;
                                /** Format: date-time */
                                createdAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tracks/{trackId}/positions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Place a walk: timed points on the plan become its walked path, every sample is put on it by time, and the track is queued for processing
         * @description Needs one of these permissions: project:survey:write.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    trackId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Where the surveyor was when: each stop, or each turning point of the route. */
                        points: {
                            /** @description Seconds, on the track's clock (startTime to endTime). */
                            time: number;
                            /** @description Floor-plan pixels. */
                            x: number;
                            y: number;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            floorId: string;
                            floorplanId: string;
                            name: string;
                            /** @enum {unknown} */
                            source: "upload" | "device";
                            deviceId: string | null;
                            fileName: string;
                            /** @enum {unknown} */
                            format: "csv" | "json" | "esx" | "wigle" | "scanlog";
                            sampleCount: number;
                            networkCount: number;
                            pathPoints: number;
                            /** @description False for a walk imported without positions: it is placed on the plan (PUT /api/tracks/{trackId}/positions) before it can be processed. */
                            placed: boolean;
                            /** @description Earliest sample time, seconds. */
                            startTime: number;
                            /** @description Latest sample time, seconds. */
                            endTime: number;
                            durationS: number;
                            /** @enum {unknown} */
                            status: "imported" | "queued" | "processing" | "processed" | "failed";
                            failureReason: string | null;
                            queuedAt: string | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                            processingMs: number | null;
                            result: {
                                method: {
                                    /** @enum {string} */
                                    interpolation: "idw";
                                    power: number;
                                    radiusM: number;
                                    cellSizeM: number;
                                };
                                /** @description Square cells of cellSizeM metres along the image's own axes, row by row from its top-left corner. */
                                grid: {
                                    cellSizeM: number;
                                    cols: number;
                                    rows: number;
                                    /** @description Metres per image pixel. */
                                    metresPerPixel: number;
                                };
                                /** @description False when the plan was not calibrated and 5 cm per pixel was assumed. */
                                calibrated: boolean;
                                layers: {
                                    technology: string;
                                    networks: number;
                                    noiseAssumed: boolean;
                                    /** @description Share of surveyed cells meeting all thresholds, and each one alone. */
                                    coverage: {
                                        surveyedCells: number;
                                        surveyedAreaM2: number;
                                        /** @description Share of surveyed cells meeting all thresholds, 0–100. */
                                        percent: number;
                                        signalPercent: number;
                                        /** @description Absent from results processed before the secondary-signal requirement existed; processing the track again adds it. */
                                        secondaryPercent?: number;
                                        snrPercent: number;
                                        servingPercent: number;
                                        coChannelPercent: number;
                                    };
                                }[];
                            } | null;
                            createdBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tracks/{trackId}/process": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a track for processing: 202 when queued, 200 when already queued, running or up to date
         * @description Needs one of these permissions: project:survey:write.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    trackId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            floorId: string;
                            floorplanId: string;
                            name: string;
                            /** @enum {unknown} */
                            source: "upload" | "device";
                            deviceId: string | null;
                            fileName: string;
                            /** @enum {unknown} */
                            format: "csv" | "json" | "esx" | "wigle" | "scanlog";
                            sampleCount: number;
                            networkCount: number;
                            pathPoints: number;
                            /** @description False for a walk imported without positions: it is placed on the plan (PUT /api/tracks/{trackId}/positions) before it can be processed. */
                            placed: boolean;
                            /** @description Earliest sample time, seconds. */
                            startTime: number;
                            /** @description Latest sample time, seconds. */
                            endTime: number;
                            durationS: number;
                            /** @enum {unknown} */
                            status: "imported" | "queued" | "processing" | "processed" | "failed";
                            failureReason: string | null;
                            queuedAt: string | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                            processingMs: number | null;
                            result: {
                                method: {
                                    /** @enum {string} */
                                    interpolation: "idw";
                                    power: number;
                                    radiusM: number;
                                    cellSizeM: number;
                                };
                                /** @description Square cells of cellSizeM metres along the image's own axes, row by row from its top-left corner. */
                                grid: {
                                    cellSizeM: number;
                                    cols: number;
                                    rows: number;
                                    /** @description Metres per image pixel. */
                                    metresPerPixel: number;
                                };
                                /** @description False when the plan was not calibrated and 5 cm per pixel was assumed. */
                                calibrated: boolean;
                                layers: {
                                    technology: string;
                                    networks: number;
                                    noiseAssumed: boolean;
                                    /** @description Share of surveyed cells meeting all thresholds, and each one alone. */
                                    coverage: {
                                        surveyedCells: number;
                                        surveyedAreaM2: number;
                                        /** @description Share of surveyed cells meeting all thresholds, 0–100. */
                                        percent: number;
                                        signalPercent: number;
                                        /** @description Absent from results processed before the secondary-signal requirement existed; processing the track again adds it. */
                                        secondaryPercent?: number;
                                        snrPercent: number;
                                        servingPercent: number;
                                        coChannelPercent: number;
                                    };
                                }[];
                            } | null;
                            createdBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            floorId: string;
                            floorplanId: string;
                            name: string;
                            /** @enum {unknown} */
                            source: "upload" | "device";
                            deviceId: string | null;
                            fileName: string;
                            /** @enum {unknown} */
                            format: "csv" | "json" | "esx" | "wigle" | "scanlog";
                            sampleCount: number;
                            networkCount: number;
                            pathPoints: number;
                            /** @description False for a walk imported without positions: it is placed on the plan (PUT /api/tracks/{trackId}/positions) before it can be processed. */
                            placed: boolean;
                            /** @description Earliest sample time, seconds. */
                            startTime: number;
                            /** @description Latest sample time, seconds. */
                            endTime: number;
                            durationS: number;
                            /** @enum {unknown} */
                            status: "imported" | "queued" | "processing" | "processed" | "failed";
                            failureReason: string | null;
                            queuedAt: string | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                            processingMs: number | null;
                            result: {
                                method: {
                                    /** @enum {string} */
                                    interpolation: "idw";
                                    power: number;
                                    radiusM: number;
                                    cellSizeM: number;
                                };
                                /** @description Square cells of cellSizeM metres along the image's own axes, row by row from its top-left corner. */
                                grid: {
                                    cellSizeM: number;
                                    cols: number;
                                    rows: number;
                                    /** @description Metres per image pixel. */
                                    metresPerPixel: number;
                                };
                                /** @description False when the plan was not calibrated and 5 cm per pixel was assumed. */
                                calibrated: boolean;
                                layers: {
                                    technology: string;
                                    networks: number;
                                    noiseAssumed: boolean;
                                    /** @description Share of surveyed cells meeting all thresholds, and each one alone. */
                                    coverage: {
                                        surveyedCells: number;
                                        surveyedAreaM2: number;
                                        /** @description Share of surveyed cells meeting all thresholds, 0–100. */
                                        percent: number;
                                        signalPercent: number;
                                        /** @description Absent from results processed before the secondary-signal requirement existed; processing the track again adds it. */
                                        secondaryPercent?: number;
                                        snrPercent: number;
                                        servingPercent: number;
                                        coChannelPercent: number;
                                    };
                                }[];
                            } | null;
                            createdBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/device/floors/{floorId}/tracks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A survey device uploads a walk with its token, as the user import; processing starts unless process=false
         * @description Called by a survey device with its upload token; no session.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Queue processing at once (default: no for a user import, yes for a device upload). */
                    process?: boolean;
                };
                header?: never;
                path: {
                    floorId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            floorId: string;
                            floorplanId: string;
                            name: string;
                            /** @enum {unknown} */
                            source: "upload" | "device";
                            deviceId: string | null;
                            fileName: string;
                            /** @enum {unknown} */
                            format: "csv" | "json" | "esx" | "wigle" | "scanlog";
                            sampleCount: number;
                            networkCount: number;
                            pathPoints: number;
                            /** @description False for a walk imported without positions: it is placed on the plan (PUT /api/tracks/{trackId}/positions) before it can be processed. */
                            placed: boolean;
                            /** @description Earliest sample time, seconds. */
                            startTime: number;
                            /** @description Latest sample time, seconds. */
                            endTime: number;
                            durationS: number;
                            /** @enum {unknown} */
                            status: "imported" | "queued" | "processing" | "processed" | "failed";
                            failureReason: string | null;
                            queuedAt: string | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                            processingMs: number | null;
                            result: {
                                method: {
                                    /** @enum {string} */
                                    interpolation: "idw";
                                    power: number;
                                    radiusM: number;
                                    cellSizeM: number;
                                };
                                /** @description Square cells of cellSizeM metres along the image's own axes, row by row from its top-left corner. */
                                grid: {
                                    cellSizeM: number;
                                    cols: number;
                                    rows: number;
                                    /** @description Metres per image pixel. */
                                    metresPerPixel: number;
                                };
                                /** @description False when the plan was not calibrated and 5 cm per pixel was assumed. */
                                calibrated: boolean;
                                layers: {
                                    technology: string;
                                    networks: number;
                                    noiseAssumed: boolean;
                                    /** @description Share of surveyed cells meeting all thresholds, and each one alone. */
                                    coverage: {
                                        surveyedCells: number;
                                        surveyedAreaM2: number;
                                        /** @description Share of surveyed cells meeting all thresholds, 0–100. */
                                        percent: number;
                                        signalPercent: number;
                                        /** @description Absent from results processed before the secondary-signal requirement existed; processing the track again adds it. */
                                        secondaryPercent?: number;
                                        snrPercent: number;
                                        servingPercent: number;
                                        coChannelPercent: number;
                                    };
                                }[];
                            } | null;
                            createdBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Lines of the file left out on purpose (a scan log's prompt lines, other commands, comments). */
                            skipped?: {
                                /** @description How many lines the reader left out on purpose. */
                                count: number;
                                /** @description The first 20 of them, with why. */
                                lines: {
                                    where: string;
                                    field: string;
                                    message: string;
                                }[];
                            };
                            /** @description An Ekahau project surveyed on several floors: one walk per Ekahau floor, on the project floor it was matched to. The answer is the walk on the floor uploaded to (else the first). */
                            ekahauFloors?: {
                                ekahauFloor: string;
                                floorId: string;
                                trackId: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/floors/{floorId}/photos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A floor's photos, newest first
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    floorId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                floorId: string;
                                trackId: string | null;
                                /** @description Position on the floor plan, pixels of the plan's image. */
                                x: number;
                                y: number;
                                caption: string;
                                fileName: string;
                                mediaType: string;
                                byteSize: number;
                                width: number;
                                height: number;
                                /** @description The image. */
                                url: string;
                                createdBy: string | null;
                                /** Format: date-time */
                                createdAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Upload a photo pinned to a point of the floor plan: JPEG or PNG, multipart in field "file"
         * @description Needs one of these permissions: project:survey:write.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    floorId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            floorId: string;
                            trackId: string | null;
                            /** @description Position on the floor plan, pixels of the plan's image. */
                            x: number;
                            y: number;
                            caption: string;
                            fileName: string;
                            mediaType: string;
                            byteSize: number;
                            width: number;
                            height: number;
                            /** @description The image. */
                            url: string;
                            createdBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photos/{photoId}/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The photo, with an ETag
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    photoId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The photo as uploaded. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/jpeg": unknown;
                        "image/png": unknown;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photos/{photoId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Move a photo's pin on the plan or change its caption
         * @description Needs one of these permissions: project:survey:write.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    photoId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Pixels of the plan's image, as the upload's x and y. */
                        x?: number;
                        /** @description Pixels of the plan's image, as the upload's x and y. */
                        y?: number;
                        caption?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            floorId: string;
                            trackId: string | null;
                            /** @description Position on the floor plan, pixels of the plan's image. */
                            x: number;
                            y: number;
                            caption: string;
                            fileName: string;
                            mediaType: string;
                            byteSize: number;
                            width: number;
                            height: number;
                            /** @description The image. */
                            url: string;
                            createdBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a photo
         * @description Needs one of these permissions: project:survey:write.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    photoId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project's contacts, by name
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: {
                    q?: string;
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                projectId: string;
                                name: string;
                                role: string;
                                company: string;
                                email: string;
                                phone: string;
                                notes: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Add a contact
         * @description Needs one of these permissions: project:contacts:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        role?: string;
                        company?: string;
                        email?: string;
                        phone?: string;
                        notes?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            projectId: string;
                            name: string;
                            role: string;
                            company: string;
                            email: string;
                            phone: string;
                            notes: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contacts/{contactId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a contact
         * @description Needs one of these permissions: project:contacts:manage.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    contactId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        role?: string;
                        company?: string;
                        email?: string;
                        phone?: string;
                        notes?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            projectId: string;
                            name: string;
                            role: string;
                            company: string;
                            email: string;
                            phone: string;
                            notes: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a contact
         * @description Needs one of these permissions: project:contacts:manage.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    contactId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/networktechnologies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The network technologies a survey can hold
         * @description Any signed-in user.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                name: string;
                                family: string;
                                standard: string;
                                bands: string[];
                            }[];
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/reporting/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project's reporting thresholds per technology
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            projectId: string;
                            /** @description Thresholds by technology id; defaults where the project set none. */
                            settings: {
                                [key: string]: {
                                    /** @description Best-server signal needed, dBm (RSSI for Wi-Fi, RSRP for cellular). */
                                    minSignalDbm: number;
                                    /** @description Second-best server signal needed, dBm: a device can roam before it loses the first. */
                                    minSecondaryDbm: number;
                                    /** @description Signal over noise needed, dB. */
                                    minSnrDb: number;
                                    /** @description Networks heard at or above minSignalDbm needed at a point (redundancy, roaming). */
                                    minServing: number;
                                    /** @description At most this many other networks on the best server's channel may be heard at coChannelDbm or more. */
                                    maxCoChannel: number;
                                    coChannelDbm: number;
                                    /** @description Bands that count; empty means all. */
                                    bands: string[];
                                    /** @description Ascending by dbm. */
                                    colourScale: {
                                        /** @description From this signal level (dBm) up, until the next stop. */
                                        dbm: number;
                                        /** @description CSS hex colour. */
                                        colour: string;
                                    }[];
                                    /** @description Share of the surveyed area (%) that must meet a requirement for the report to call it met. */
                                    minAreaPercent: number;
                                };
                            };
                            updatedAt: string | null;
                            updatedBy: string | null;
                        };
                    };
                };
            };
        };
        /**
         * Replace the thresholds of the technologies given (the others keep theirs); the project's processed tracks are queued again
         * @description Needs one of these permissions: project:reporting:manage.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        settings: {
                            wifi4?: {
                                /** @description Best-server signal needed, dBm (RSSI for Wi-Fi, RSRP for cellular). */
                                minSignalDbm: number;
                                /** @description Second-best server signal needed, dBm: a device can roam before it loses the first. */
                                minSecondaryDbm: number;
                                /** @description Signal over noise needed, dB. */
                                minSnrDb: number;
                                /** @description Networks heard at or above minSignalDbm needed at a point (redundancy, roaming). */
                                minServing: number;
                                /** @description At most this many other networks on the best server's channel may be heard at coChannelDbm or more. */
                                maxCoChannel: number;
                                coChannelDbm: number;
                                /** @description Bands that count; empty means all. */
                                bands: string[];
                                /** @description Ascending by dbm. */
                                colourScale: {
                                    /** @description From this signal level (dBm) up, until the next stop. */
                                    dbm: number;
                                    /** @description CSS hex colour. */
                                    colour: string;
                                }[];
                                /** @description Share of the surveyed area (%) that must meet a requirement for the report to call it met. */
                                minAreaPercent?: number;
                            };
                            wifi5?: {
                                /** @description Best-server signal needed, dBm (RSSI for Wi-Fi, RSRP for cellular). */
                                minSignalDbm: number;
                                /** @description Second-best server signal needed, dBm: a device can roam before it loses the first. */
                                minSecondaryDbm: number;
                                /** @description Signal over noise needed, dB. */
                                minSnrDb: number;
                                /** @description Networks heard at or above minSignalDbm needed at a point (redundancy, roaming). */
                                minServing: number;
                                /** @description At most this many other networks on the best server's channel may be heard at coChannelDbm or more. */
                                maxCoChannel: number;
                                coChannelDbm: number;
                                /** @description Bands that count; empty means all. */
                                bands: string[];
                                /** @description Ascending by dbm. */
                                colourScale: {
                                    /** @description From this signal level (dBm) up, until the next stop. */
                                    dbm: number;
                                    /** @description CSS hex colour. */
                                    colour: string;
                                }[];
                                /** @description Share of the surveyed area (%) that must meet a requirement for the report to call it met. */
                                minAreaPercent?: number;
                            };
                            wifi6?: {
                                /** @description Best-server signal needed, dBm (RSSI for Wi-Fi, RSRP for cellular). */
                                minSignalDbm: number;
                                /** @description Second-best server signal needed, dBm: a device can roam before it loses the first. */
                                minSecondaryDbm: number;
                                /** @description Signal over noise needed, dB. */
                                minSnrDb: number;
                                /** @description Networks heard at or above minSignalDbm needed at a point (redundancy, roaming). */
                                minServing: number;
                                /** @description At most this many other networks on the best server's channel may be heard at coChannelDbm or more. */
                                maxCoChannel: number;
                                coChannelDbm: number;
                                /** @description Bands that count; empty means all. */
                                bands: string[];
                                /** @description Ascending by dbm. */
                                colourScale: {
                                    /** @description From this signal level (dBm) up, until the next stop. */
                                    dbm: number;
                                    /** @description CSS hex colour. */
                                    colour: string;
                                }[];
                                /** @description Share of the surveyed area (%) that must meet a requirement for the report to call it met. */
                                minAreaPercent?: number;
                            };
                            wifi6e?: {
                                /** @description Best-server signal needed, dBm (RSSI for Wi-Fi, RSRP for cellular). */
                                minSignalDbm: number;
                                /** @description Second-best server signal needed, dBm: a device can roam before it loses the first. */
                                minSecondaryDbm: number;
                                /** @description Signal over noise needed, dB. */
                                minSnrDb: number;
                                /** @description Networks heard at or above minSignalDbm needed at a point (redundancy, roaming). */
                                minServing: number;
                                /** @description At most this many other networks on the best server's channel may be heard at coChannelDbm or more. */
                                maxCoChannel: number;
                                coChannelDbm: number;
                                /** @description Bands that count; empty means all. */
                                bands: string[];
                                /** @description Ascending by dbm. */
                                colourScale: {
                                    /** @description From this signal level (dBm) up, until the next stop. */
                                    dbm: number;
                                    /** @description CSS hex colour. */
                                    colour: string;
                                }[];
                                /** @description Share of the surveyed area (%) that must meet a requirement for the report to call it met. */
                                minAreaPercent?: number;
                            };
                            wifi7?: {
                                /** @description Best-server signal needed, dBm (RSSI for Wi-Fi, RSRP for cellular). */
                                minSignalDbm: number;
                                /** @description Second-best server signal needed, dBm: a device can roam before it loses the first. */
                                minSecondaryDbm: number;
                                /** @description Signal over noise needed, dB. */
                                minSnrDb: number;
                                /** @description Networks heard at or above minSignalDbm needed at a point (redundancy, roaming). */
                                minServing: number;
                                /** @description At most this many other networks on the best server's channel may be heard at coChannelDbm or more. */
                                maxCoChannel: number;
                                coChannelDbm: number;
                                /** @description Bands that count; empty means all. */
                                bands: string[];
                                /** @description Ascending by dbm. */
                                colourScale: {
                                    /** @description From this signal level (dBm) up, until the next stop. */
                                    dbm: number;
                                    /** @description CSS hex colour. */
                                    colour: string;
                                }[];
                                /** @description Share of the surveyed area (%) that must meet a requirement for the report to call it met. */
                                minAreaPercent?: number;
                            };
                            umts?: {
                                /** @description Best-server signal needed, dBm (RSSI for Wi-Fi, RSRP for cellular). */
                                minSignalDbm: number;
                                /** @description Second-best server signal needed, dBm: a device can roam before it loses the first. */
                                minSecondaryDbm: number;
                                /** @description Signal over noise needed, dB. */
                                minSnrDb: number;
                                /** @description Networks heard at or above minSignalDbm needed at a point (redundancy, roaming). */
                                minServing: number;
                                /** @description At most this many other networks on the best server's channel may be heard at coChannelDbm or more. */
                                maxCoChannel: number;
                                coChannelDbm: number;
                                /** @description Bands that count; empty means all. */
                                bands: string[];
                                /** @description Ascending by dbm. */
                                colourScale: {
                                    /** @description From this signal level (dBm) up, until the next stop. */
                                    dbm: number;
                                    /** @description CSS hex colour. */
                                    colour: string;
                                }[];
                                /** @description Share of the surveyed area (%) that must meet a requirement for the report to call it met. */
                                minAreaPercent?: number;
                            };
                            lte?: {
                                /** @description Best-server signal needed, dBm (RSSI for Wi-Fi, RSRP for cellular). */
                                minSignalDbm: number;
                                /** @description Second-best server signal needed, dBm: a device can roam before it loses the first. */
                                minSecondaryDbm: number;
                                /** @description Signal over noise needed, dB. */
                                minSnrDb: number;
                                /** @description Networks heard at or above minSignalDbm needed at a point (redundancy, roaming). */
                                minServing: number;
                                /** @description At most this many other networks on the best server's channel may be heard at coChannelDbm or more. */
                                maxCoChannel: number;
                                coChannelDbm: number;
                                /** @description Bands that count; empty means all. */
                                bands: string[];
                                /** @description Ascending by dbm. */
                                colourScale: {
                                    /** @description From this signal level (dBm) up, until the next stop. */
                                    dbm: number;
                                    /** @description CSS hex colour. */
                                    colour: string;
                                }[];
                                /** @description Share of the surveyed area (%) that must meet a requirement for the report to call it met. */
                                minAreaPercent?: number;
                            };
                            nr?: {
                                /** @description Best-server signal needed, dBm (RSSI for Wi-Fi, RSRP for cellular). */
                                minSignalDbm: number;
                                /** @description Second-best server signal needed, dBm: a device can roam before it loses the first. */
                                minSecondaryDbm: number;
                                /** @description Signal over noise needed, dB. */
                                minSnrDb: number;
                                /** @description Networks heard at or above minSignalDbm needed at a point (redundancy, roaming). */
                                minServing: number;
                                /** @description At most this many other networks on the best server's channel may be heard at coChannelDbm or more. */
                                maxCoChannel: number;
                                coChannelDbm: number;
                                /** @description Bands that count; empty means all. */
                                bands: string[];
                                /** @description Ascending by dbm. */
                                colourScale: {
                                    /** @description From this signal level (dBm) up, until the next stop. */
                                    dbm: number;
                                    /** @description CSS hex colour. */
                                    colour: string;
                                }[];
                                /** @description Share of the surveyed area (%) that must meet a requirement for the report to call it met. */
                                minAreaPercent?: number;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            projectId: string;
                            /** @description Thresholds by technology id; defaults where the project set none. */
                            settings: {
                                [key: string]: {
                                    /** @description Best-server signal needed, dBm (RSSI for Wi-Fi, RSRP for cellular). */
                                    minSignalDbm: number;
                                    /** @description Second-best server signal needed, dBm: a device can roam before it loses the first. */
                                    minSecondaryDbm: number;
                                    /** @description Signal over noise needed, dB. */
                                    minSnrDb: number;
                                    /** @description Networks heard at or above minSignalDbm needed at a point (redundancy, roaming). */
                                    minServing: number;
                                    /** @description At most this many other networks on the best server's channel may be heard at coChannelDbm or more. */
                                    maxCoChannel: number;
                                    coChannelDbm: number;
                                    /** @description Bands that count; empty means all. */
                                    bands: string[];
                                    /** @description Ascending by dbm. */
                                    colourScale: {
                                        /** @description From this signal level (dBm) up, until the next stop. */
                                        dbm: number;
                                        /** @description CSS hex colour. */
                                        colour: string;
                                    }[];
                                    /** @description Share of the surveyed area (%) that must meet a requirement for the report to call it met. */
                                    minAreaPercent: number;
                                };
                            };
                            updatedAt: string | null;
                            updatedBy: string | null;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/statistics/networkstatistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per network: samples, signal, noise, throughput and coverage
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: {
                    floorId?: string;
                    trackId?: string;
                    technology?: string;
                    band?: string;
                    /** @description Network name or id contains. */
                    q?: string;
                    page?: number;
                    per_page?: number;
                    /** @description signal (default): strongest first. */
                    sort?: "signal" | "samples" | "coverage" | "name" | "channel";
                };
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                technology: string;
                                /** @description BSSID or cell id. */
                                networkId: string;
                                name: string;
                                band: string;
                                channel: number;
                                frequencyMHz: number;
                                tracks: number;
                                samples: number;
                                minSignalDbm: number;
                                /** @description Weighted by samples. */
                                meanSignalDbm: number;
                                maxSignalDbm: number;
                                meanNoiseDbm: number | null;
                                meanThroughputMbps: number | null;
                                /** @description Cells at or above the minimum signal over surveyed cells, 0–100. */
                                coveragePercent: number;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/statistics/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per technology, band and channel: networks, signal and overlap
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: {
                    floorId?: string;
                    trackId?: string;
                    technology?: string;
                    band?: string;
                    /** @description Network name or id contains. */
                    q?: string;
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                technology: string;
                                band: string;
                                channel: number;
                                networks: number;
                                samples: number;
                                meanSignalDbm: number;
                                maxSignalDbm: number;
                                /** @description Most networks of the channel heard together at one point, at the co-channel level or more. */
                                maxOverlap: number;
                                meanOverlap: number;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/statistics/networks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per network name (SSID or operator): radios, bands, channels and floors
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: {
                    floorId?: string;
                    trackId?: string;
                    technology?: string;
                    band?: string;
                    /** @description Network name or id contains. */
                    q?: string;
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                technology: string;
                                /** @description SSID or operator. */
                                name: string;
                                /** @description Radios or cells carrying the name. */
                                networkIds: number;
                                bands: string[];
                                channels: number[];
                                samples: number;
                                maxSignalDbm: number;
                                floors: number;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project's summary: counts, track states and coverage
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            projectId: string;
                            floors: number;
                            floorplans: number;
                            calibratedFloorplans: number;
                            tracks: {
                                total: number;
                                imported: number;
                                queued: number;
                                processing: number;
                                processed: number;
                                failed: number;
                            };
                            samples: number;
                            networks: number;
                            photos: number;
                            contacts: number;
                            members: number;
                            surveyedAreaM2: number;
                            coverage: {
                                technology: string;
                                percent: number;
                                surveyedAreaM2: number;
                            }[];
                            lastSurveyAt: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/report.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's survey report as a PDF: cover, requirements met per floor, heatmaps per floor, walk and view, network and channel tables, photos. Streamed while it is produced.
         * @description Needs one of these permissions: project:read.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Comma-separated floor ids of the project; default: every floor. */
                    floors?: string;
                    /** @description Comma-separated heatmap views, of primary, secondary, snr, serving, coChannel, requirements; default: primary,snr,requirements. */
                    views?: string;
                    /** @description A network name (SSID) the network tables keep, repeated for each; default: every network. */
                    networks?: string[];
                    /** @description The report's language; default en. */
                    lang?: "en" | "es" | "de" | "fr" | "nl" | "se" | "pt" | "pl";
                };
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The report. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": unknown;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/shares": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project's share links, newest first, revoked ones included
         * @description Needs one of these permissions: project:shares:manage.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                projectId: string;
                                label: string;
                                /** @description The floors it opens; null: every floor, also those added later. */
                                floorIds: string[] | null;
                                expiresAt: string | null;
                                createdBy: string | null;
                                createdByName: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                revokedAt: string | null;
                                lastUsedAt: string | null;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Make a read-only link to the project, optionally to some floors and until a time; its token is in this answer only
         * @description Needs one of these permissions: project:shares:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Who or what the link is for, as the list shows it. */
                        label: string;
                        /** @description Absent: every floor. */
                        floorIds?: string[];
                        /**
                         * Format: date-time
                         * @description In the future, at most 366 days ahead.
                         */
                        expiresAt?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            share: {
                                id: string;
                                projectId: string;
                                label: string;
                                /** @description The floors it opens; null: every floor, also those added later. */
                                floorIds: string[] | null;
                                expiresAt: string | null;
                                createdBy: string | null;
                                createdByName: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                revokedAt: string | null;
                                lastUsedAt: string | null;
                            };
                            /** @description The secret of the link. Shown in this answer only: only its hash is kept. */
                            token: string;
                            /** @description The page the link opens, relative to the site: /share/{token}. */
                            path: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/shares/{shareId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a link at once; it stays in the list as revoked
         * @description Needs one of these permissions: project:shares:manage.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                    shareId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            projectId: string;
                            label: string;
                            /** @description The floors it opens; null: every floor, also those added later. */
                            floorIds: string[] | null;
                            expiresAt: string | null;
                            createdBy: string | null;
                            createdByName: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            revokedAt: string | null;
                            lastUsedAt: string | null;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/share/{shareToken}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The shared project: its name, customer, floors and thresholds
         * @description Read-only, with a share link: its secret is the shareToken path segment; no session. An unknown link answers 404, a revoked or expired one 410.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The secret of the link. */
                    shareToken: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            customer: string;
                            /** @description The floors the link opens, lowest level first. */
                            floors: {
                                id: string;
                                name: string;
                                level: number;
                                floorplans: number;
                                tracks: number;
                            }[];
                            /** @description True when the link opens only some floors. */
                            limited: boolean;
                            /** @description The reporting thresholds by technology id, as the viewer colours with them. */
                            settings: {
                                [key: string]: {
                                    /** @description Best-server signal needed, dBm (RSSI for Wi-Fi, RSRP for cellular). */
                                    minSignalDbm: number;
                                    /** @description Second-best server signal needed, dBm: a device can roam before it loses the first. */
                                    minSecondaryDbm: number;
                                    /** @description Signal over noise needed, dB. */
                                    minSnrDb: number;
                                    /** @description Networks heard at or above minSignalDbm needed at a point (redundancy, roaming). */
                                    minServing: number;
                                    /** @description At most this many other networks on the best server's channel may be heard at coChannelDbm or more. */
                                    maxCoChannel: number;
                                    coChannelDbm: number;
                                    /** @description Bands that count; empty means all. */
                                    bands: string[];
                                    /** @description Ascending by dbm. */
                                    colourScale: {
                                        /** @description From this signal level (dBm) up, until the next stop. */
                                        dbm: number;
                                        /** @description CSS hex colour. */
                                        colour: string;
                                    }[];
                                    /** @description Share of the surveyed area (%) that must meet a requirement for the report to call it met. */
                                    minAreaPercent: number;
                                };
                            };
                            expiresAt: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/share/{shareToken}/networktechnologies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The network technologies a survey can hold
         * @description Read-only, with a share link: its secret is the shareToken path segment; no session. An unknown link answers 404, a revoked or expired one 410.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The secret of the link. */
                    shareToken: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                name: string;
                                family: string;
                                standard: string;
                                bands: string[];
                            }[];
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/share/{shareToken}/floors/{floorId}/floorplans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A shared floor's plans, newest first
         * @description Read-only, with a share link: its secret is the shareToken path segment; no session. An unknown link answers 404, a revoked or expired one 410.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    /** @description The secret of the link. */
                    shareToken: string;
                    floorId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                floorId: string;
                                fileName: string;
                                mediaType: string;
                                byteSize: number;
                                sha256: string;
                                /** @description Pixel size of the uploaded image: the coordinate space of calibration, tracks and photos. */
                                width: number;
                                height: number;
                                display: {
                                    width: number;
                                    height: number;
                                    /** @description The display PNG. */
                                    url: string;
                                };
                                /** @description The file as uploaded. */
                                imageUrl: string;
                                /** Format: date-time */
                                renderedAt: string;
                                calibration: {
                                    /** @description Two image points, pixels. */
                                    points: {
                                        x: number;
                                        y: number;
                                    }[];
                                    /** @description Real distance between the two points, metres. */
                                    distanceM: number;
                                    origin: {
                                        x: number;
                                        y: number;
                                    };
                                    /** @description Turns the image's axes onto the building's, degrees. */
                                    rotationDeg: number;
                                } | null;
                                metresPerPixel: number | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/share/{shareToken}/floors/{floorId}/tracks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A shared floor's walks, newest first
         * @description Read-only, with a share link: its secret is the shareToken path segment; no session. An unknown link answers 404, a revoked or expired one 410.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    /** @description The secret of the link. */
                    shareToken: string;
                    floorId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                floorId: string;
                                floorplanId: string;
                                name: string;
                                /** @enum {unknown} */
                                source: "upload" | "device";
                                deviceId: string | null;
                                fileName: string;
                                /** @enum {unknown} */
                                format: "csv" | "json" | "esx" | "wigle" | "scanlog";
                                sampleCount: number;
                                networkCount: number;
                                pathPoints: number;
                                /** @description False for a walk imported without positions: it is placed on the plan (PUT /api/tracks/{trackId}/positions) before it can be processed. */
                                placed: boolean;
                                /** @description Earliest sample time, seconds. */
                                startTime: number;
                                /** @description Latest sample time, seconds. */
                                endTime: number;
                                durationS: number;
                                /** @enum {unknown} */
                                status: "imported" | "queued" | "processing" | "processed" | "failed";
                                failureReason: string | null;
                                queuedAt: string | null;
                                startedAt: string | null;
                                finishedAt: string | null;
                                processingMs: number | null;
                                result: {
                                    method: {
                                        /** @enum {string} */
                                        interpolation: "idw";
                                        power: number;
                                        radiusM: number;
                                        cellSizeM: number;
                                    };
                                    /** @description Square cells of cellSizeM metres along the image's own axes, row by row from its top-left corner. */
                                    grid: {
                                        cellSizeM: number;
                                        cols: number;
                                        rows: number;
                                        /** @description Metres per image pixel. */
                                        metresPerPixel: number;
                                    };
                                    /** @description False when the plan was not calibrated and 5 cm per pixel was assumed. */
                                    calibrated: boolean;
                                    layers: {
                                        technology: string;
                                        networks: number;
                                        noiseAssumed: boolean;
                                        /** @description Share of surveyed cells meeting all thresholds, and each one alone. */
                                        coverage: {
                                            surveyedCells: number;
                                            surveyedAreaM2: number;
                                            /** @description Share of surveyed cells meeting all thresholds, 0–100. */
                                            percent: number;
                                            signalPercent: number;
                                            /** @description Absent from results processed before the secondary-signal requirement existed; processing the track again adds it. */
                                            secondaryPercent?: number;
                                            snrPercent: number;
                                            servingPercent: number;
                                            coChannelPercent: number;
                                        };
                                    }[];
                                } | null;
                                createdBy: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/share/{shareToken}/floors/{floorId}/photos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A shared floor's photos, newest first
         * @description Read-only, with a share link: its secret is the shareToken path segment; no session. An unknown link answers 404, a revoked or expired one 410.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    /** @description The secret of the link. */
                    shareToken: string;
                    floorId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                floorId: string;
                                trackId: string | null;
                                /** @description Position on the floor plan, pixels of the plan's image. */
                                x: number;
                                y: number;
                                caption: string;
                                fileName: string;
                                mediaType: string;
                                byteSize: number;
                                width: number;
                                height: number;
                                /** @description The image. */
                                url: string;
                                createdBy: string | null;
                                /** Format: date-time */
                                createdAt: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/share/{shareToken}/tracks/{trackId}/datasets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A shared walk's grids
         * @description Read-only, with a share link: its secret is the shareToken path segment; no session. An unknown link answers 404, a revoked or expired one 410.
         */
        get: {
            parameters: {
                query?: {
                    kind?: "signal" | "predicted" | "predictedSigma" | "best" | "second" | "bestNetwork" | "snr" | "serving" | "coChannel";
                    technology?: string;
                    /** @description Network datasets of this band only. */
                    band?: string;
                    /** @description values: answer the grids too. */
                    include?: "values";
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    /** @description The secret of the link. */
                    shareToken: string;
                    trackId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Square cells of cellSizeM metres along the image's own axes, row by row from its top-left corner. */
                            grid: {
                                cellSizeM: number;
                                cols: number;
                                rows: number;
                                /** @description Metres per image pixel. */
                                metresPerPixel: number;
                            };
                            method: {
                                /** @enum {string} */
                                interpolation: "idw";
                                power: number;
                                radiusM: number;
                                cellSizeM: number;
                            };
                            calibrated: boolean;
                            items: {
                                id: string;
                                /** @enum {unknown} */
                                kind: "signal" | "predicted" | "predictedSigma" | "best" | "second" | "bestNetwork" | "snr" | "serving" | "coChannel";
                                technology: string;
                                /** @enum {unknown} */
                                unit: "dBm" | "dB" | "0.1dB" | "count" | "index";
                                /** @enum {unknown} */
                                encoding: "int8" | "uint8" | "uint16le";
                                noData: number | null;
                                network?: {
                                    /** @description The network index bestNetwork grids refer to. */
                                    index: number;
                                    networkId: string;
                                    name: string;
                                    band: string;
                                    channel: number;
                                    frequencyMHz: number;
                                    samples: number;
                                    minSignalDbm: number;
                                    meanSignalDbm: number;
                                    maxSignalDbm: number;
                                    meanNoiseDbm: number | null;
                                    meanThroughputMbps: number | null;
                                    /** @description Cells with an interpolated value. */
                                    cells: number;
                                    /** @description Cells at or above the layer's minimum signal. */
                                    coveredCells: number;
                                    coveragePercent: number;
                                };
                                colourScale?: {
                                    /** @description From this signal level (dBm) up, until the next stop. */
                                    dbm: number;
                                    /** @description CSS hex colour. */
                                    colour: string;
                                }[];
                                /**
                                 * Format: byte
                                 * @description With include=values: base64 of the grid, cols × rows cells in the encoding (little-endian).
                                 */
                                values?: string;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/share/{shareToken}/tracks/{trackId}/points": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where a shared walk was measured
         * @description Read-only, with a share link: its secret is the shareToken path segment; no session. An unknown link answers 404, a revoked or expired one 410.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The secret of the link. */
                    shareToken: string;
                    trackId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            count: number;
                            /** @description False for a walk not placed yet: x and y are then null, and the places are its scans in time order. */
                            placed: boolean;
                            /** @description Floor-plan pixels, one entry per place, in time order; null while the walk is not placed. */
                            x: (number | null)[];
                            y: (number | null)[];
                            time: number[];
                            bestDbm: number[];
                            networks: number[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/share/{shareToken}/floorplans/{floorplanId}/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A shared plan's display image, with an ETag
         * @description Read-only, with a share link: its secret is the shareToken path segment; no session. An unknown link answers 404, a revoked or expired one 410.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The secret of the link. */
                    shareToken: string;
                    floorplanId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The display image. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/png": unknown;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/share/{shareToken}/floorplans/{floorplanId}/walls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The walls drawn on a shared plan
         * @description Read-only, with a share link: its secret is the shareToken path segment; no session. An unknown link answers 404, a revoked or expired one 410.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The secret of the link. */
                    shareToken: string;
                    floorplanId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            walls: {
                                /** @description Chosen by the client; unique within the plan. */
                                id: string;
                                /** @description First end, image pixels. */
                                x1: number;
                                y1: number;
                                /** @description Second end, image pixels. */
                                x2: number;
                                y2: number;
                                /**
                                 * @description A preset; each has a typical loss (drywall 3, glass 4, brick 8, concrete 12 dB).
                                 * @enum {string}
                                 */
                                material: "drywall" | "glass" | "brick" | "concrete";
                                /** @description What a signal loses crossing this wall, dB. */
                                lossDb: number;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/share/{shareToken}/photos/{photoId}/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A shared photo, with an ETag
         * @description Read-only, with a share link: its secret is the shareToken path segment; no session. An unknown link answers 404, a revoked or expired one 410.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The secret of the link. */
                    shareToken: string;
                    photoId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The photo as uploaded. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/jpeg": unknown;
                        "image/png": unknown;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/share/{shareToken}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The shared floors' summary: counts, track states and coverage
         * @description Read-only, with a share link: its secret is the shareToken path segment; no session. An unknown link answers 404, a revoked or expired one 410.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The secret of the link. */
                    shareToken: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            floors: number;
                            floorplans: number;
                            calibratedFloorplans: number;
                            tracks: {
                                total: number;
                                imported: number;
                                queued: number;
                                processing: number;
                                processed: number;
                                failed: number;
                            };
                            samples: number;
                            networks: number;
                            photos: number;
                            surveyedAreaM2: number;
                            coverage: {
                                technology: string;
                                percent: number;
                                surveyedAreaM2: number;
                            }[];
                            lastSurveyAt: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/share/{shareToken}/statistics/networkstatistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per network on the shared floors
         * @description Read-only, with a share link: its secret is the shareToken path segment; no session. An unknown link answers 404, a revoked or expired one 410.
         */
        get: {
            parameters: {
                query?: {
                    floorId?: string;
                    trackId?: string;
                    technology?: string;
                    band?: string;
                    /** @description Network name or id contains. */
                    q?: string;
                    page?: number;
                    per_page?: number;
                    /** @description signal (default): strongest first. */
                    sort?: "signal" | "samples" | "coverage" | "name" | "channel";
                };
                header?: never;
                path: {
                    /** @description The secret of the link. */
                    shareToken: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                technology: string;
                                /** @description BSSID or cell id. */
                                networkId: string;
                                name: string;
                                band: string;
                                channel: number;
                                frequencyMHz: number;
                                tracks: number;
                                samples: number;
                                minSignalDbm: number;
                                /** @description Weighted by samples. */
                                meanSignalDbm: number;
                                maxSignalDbm: number;
                                meanNoiseDbm: number | null;
                                meanThroughputMbps: number | null;
                                /** @description Cells at or above the minimum signal over surveyed cells, 0–100. */
                                coveragePercent: number;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/share/{shareToken}/statistics/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per channel on the shared floors
         * @description Read-only, with a share link: its secret is the shareToken path segment; no session. An unknown link answers 404, a revoked or expired one 410.
         */
        get: {
            parameters: {
                query?: {
                    floorId?: string;
                    trackId?: string;
                    technology?: string;
                    band?: string;
                    /** @description Network name or id contains. */
                    q?: string;
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    /** @description The secret of the link. */
                    shareToken: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                technology: string;
                                band: string;
                                channel: number;
                                networks: number;
                                samples: number;
                                meanSignalDbm: number;
                                maxSignalDbm: number;
                                /** @description Most networks of the channel heard together at one point, at the co-channel level or more. */
                                maxOverlap: number;
                                meanOverlap: number;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/share/{shareToken}/statistics/networks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per network name on the shared floors
         * @description Read-only, with a share link: its secret is the shareToken path segment; no session. An unknown link answers 404, a revoked or expired one 410.
         */
        get: {
            parameters: {
                query?: {
                    floorId?: string;
                    trackId?: string;
                    technology?: string;
                    band?: string;
                    /** @description Network name or id contains. */
                    q?: string;
                    page?: number;
                    per_page?: number;
                };
                header?: never;
                path: {
                    /** @description The secret of the link. */
                    shareToken: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                technology: string;
                                /** @description SSID or operator. */
                                name: string;
                                /** @description Radios or cells carrying the name. */
                                networkIds: number;
                                bands: string[];
                                channels: number[];
                                samples: number;
                                maxSignalDbm: number;
                                floors: number;
                            }[];
                            page: number;
                            perPage: number;
                            /** @description How many items match, or at least how many when `totalIsLowerBound` is true. */
                            total: number;
                            /** @description True when the list stopped counting: more than `total` items match (`total` is 250, or the end of the page when further). Absent or false: `total` is exact. */
                            totalIsLowerBound?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.ory/extensions/list-objects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The objects a subject reaches through a relation or permit (extension: not part of Keto)
         * @description Reverse lookup: which objects of a namespace the subject holds the relation or permit on, as a check of each would answer. Walks up from the subject, so its cost follows what the subject is in, not the size of the namespace; a rule with `&&` or `!` has each candidate checked. sitewave's own namespaces (Identity, Installation, Organisation, Project) answer too, e.g. the projects a person may read: `namespace=Project&relation=project:read&subject_set.namespace=Identity&subject_set.object=<identity id>&subject_set.relation=`. Needs a project API key, or the session of a global administrator.
         */
        get: operations["listObjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listObjects: {
        parameters: {
            query: {
                /** @description The namespace of the objects to list. */
                namespace: string;
                /** @description The relation or permit the subject must hold on them. */
                relation: string;
                /** @description The subject, as an id; or give all three subject_set keys. */
                subject_id?: string;
                /** @description The subject set's namespace. */
                "subject_set.namespace"?: string;
                /** @description The subject set's object. */
                "subject_set.object"?: string;
                /** @description The subject set's relation (empty for a subject such as Identity:<id>). */
                "subject_set.relation"?: string;
                /** @description Objects per page. */
                page_size?: number;
                /** @description The next_page_token of the page before. */
                page_token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The objects, in byte order of their ids. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        objects: string[];
                        /** @description Where the next page starts; empty on the last page. */
                        next_page_token: string;
                    };
                };
            };
            /** @description A missing or malformed parameter, named in the error, or a rule whose objects cannot be listed (`a || !b`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No API key or session. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The namespace is not declared. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
