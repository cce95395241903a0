/** Where one invoice's page is. */
export const invoicePath = (orgId: string, invoiceId: string) => `/admin/orgs/${encodeURIComponent(orgId)}/invoices/${encodeURIComponent(invoiceId)}`;
