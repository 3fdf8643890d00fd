// The verification's run in process, through the generated client, against real loopback servers:
// a service behind a path prefix is verified under it; a service that is down is recognised after a
// few connection failures in a row, and the rest is not sent; a mistyped operationId gets the name
// it most likely meant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from '../../generated/dist/client.js';
import { bodyChecker } from '../../scripts/verify/body-check.ts';
import { planVerification } from '../../scripts/verify/plan.ts';
import { type ClientModule, downAfter, runVerification } from '../../scripts/verify/run-verification.ts';
import { checkNames, parseVerifyArgs, UsageError } from '../../scripts/verify/verify-options.ts';
import { type Json, loadBundle } from '../support/helpers.ts';
import { freeLoopbackPort, jsonReply, startTestServer, type TestServer } from '../support/http-server.ts';

let bundle: Json;
let service: TestServer;
beforeAll(async () => {
  bundle = await loadBundle();
  service = await startTestServer();
  service.reply = () => jsonReply(200, {});
});
afterAll(() => service.close());

const verifyAgainst = (args: string[]) => {
  const options = parseVerifyArgs([...args, '--rate', '10']);
  return runVerification(planVerification(bundle, options), options, client as unknown as ClientModule, bodyChecker(bundle));
};

describe('npm run verify', () => {
  it("keeps a base URL's path prefix (a service behind a gateway): every call goes under it", async () => {
    service.requests.length = 0;
    const run = await verifyAgainst(['--base-url', `${service.url}/email/api/`]);
    expect(service.requests.length).toBeGreaterThan(0);
    expect(service.requests.every((request) => request.target.startsWith('/email/api/v1/'))).toBe(true);
    expect(run.verdicts.find((verdict) => verdict.operationId === 'listScopes')?.url).toBe(`${service.url}/email/api/v1/scopes`);
  });

  it(`stops after ${downAfter} connection failures in a row: the service is down, the rest is not sent`, async () => {
    const run = await verifyAgainst(['--base-url', `http://127.0.0.1:${await freeLoopbackPort()}`]);
    expect(run.requestsSent).toBe(downAfter);
    expect(run.verdicts.filter((verdict) => verdict.kind === 'unreachable')).toHaveLength(downAfter);
    const down = run.verdicts.filter((verdict) => verdict.group === 'service down');
    expect(down.length).toBeGreaterThan(0);
    expect(down[0].detail).toBe(`not sent: the ${downAfter} calls before it could not connect`);
  });

  it('a mistyped operationId in --id gets the name it most likely meant', () => {
    expect(() => checkNames(parseVerifyArgs(['--base-url', 'https://api.example.test', '--id', 'listQuota=1']), bundle)).toThrow(
      new UsageError('"listQuota" is not an operationId of the description; did you mean listQuotas?'),
    );
  });
});
