/** Shortest password that both the client form and the identity service accept. */
export const PASSWORD_MIN_LENGTH = 12;

/** The client's own wording (SPECIFICATION §5); the identity service answers with Kratos id 4000032. */
export const PASSWORD_MIN_LENGTH_MESSAGE = `Password must have at least ${PASSWORD_MIN_LENGTH} characters`;
