/**
 * The project API's member rows (`apiPath` in the policy): the members are the installation's
 * global administrators, whose roles the API service keeps. The platform service first says
 * whether `{project}` names the project (it answers the 404 otherwise, in its own words); the API
 * is then called with a platform assertion naming the caller the gateway has authenticated, since
 * an API key has no identity an identity assertion could carry.
 */
import type { Dispatcher } from 'undici';
import type { HttpMethod } from '../../shared/api-route-policy.js';
import { PLATFORM_ASSERTION_HEADER, signPlatformAssertion } from '../../shared/platform-assertion.js';
import type { Upstream } from './upstream.js';

export interface ProjectMembersOptions {
  platform: Upstream;
  platformToken: string | undefined;
  api: Upstream;
  assertionKey: Uint8Array;
}

export async function forwardToApi(
  method: HttpMethod,
  apiPath: string,
  params: Record<string, string>,
  actor: string,
  requestId: string,
  options: ProjectMembersOptions,
): Promise<Dispatcher.ResponseData> {
  const project = await options.platform.request({
    method: 'GET',
    path: `/projects/${params.project}`,
    headers: { authorization: `Bearer ${options.platformToken ?? ''}`, 'x-request-id': requestId },
  });
  if (project.statusCode !== 200) return project;
  await project.body.dump();
  return options.api.request({
    method,
    path: apiPath.replace(/:([A-Za-z]+)/g, (_match, name: string) => params[name]!),
    headers: {
      [PLATFORM_ASSERTION_HEADER]: await signPlatformAssertion(options.assertionKey, actor, Math.floor(Date.now() / 1000)),
      'x-request-id': requestId,
    },
  });
}
