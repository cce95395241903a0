/** The HTTP answer of an @ory/client call that was expected to fail (the SDK rejects with it). */
export async function failure(promise: Promise<unknown>): Promise<{ status: number; data: any }> {
  try {
    await promise;
  } catch (error) {
    const response = (error as { response?: { status: number; data: any } }).response;
    if (response) return { status: response.status, data: response.data };
    throw error;
  }
  throw new Error('expected the SDK call to fail');
}
