/** The one UUID pattern (any case): as a JSON-schema `pattern` and as a RegExp. */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const UUID = new RegExp(UUID_PATTERN);
