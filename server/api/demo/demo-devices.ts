/**
 * The demo's survey devices: a few manufactured ones in the inventory (their claim codes are in
 * docs/getting-started.md, so a new installation can try registering one) and two of them already in the demo
 * organisation, so its device and billing screens have something to show.
 */
import type { Queryable } from '../../db/database.js';
import { addToInventory, type ManufacturedDevice } from '../devices/inventory.js';
import { insertDevice } from '../devices/store.js';
import { issueDeviceToken } from '../devices/tokens.js';

const MODEL = 'Scout S2';

export const DEMO_INVENTORY: readonly ManufacturedDevice[] = [
  { serial: 'SCT2-1001', model: MODEL, claimCode: 'DEMO-1001' },
  { serial: 'SCT2-1002', model: MODEL, claimCode: 'DEMO-1002' },
  { serial: 'SCT2-1003', model: MODEL, claimCode: 'DEMO-1003' },
  { serial: 'SCT2-1004', model: MODEL, claimCode: 'DEMO-1004' },
  { serial: 'SCT2-1005', model: MODEL, claimCode: 'DEMO-1005' },
];

/** Already registered in the demo organisation; the others wait to be claimed. */
const REGISTERED = [
  { serial: 'SCT2-1001', name: 'Scout — ground floor kit' },
  { serial: 'SCT2-1002', name: 'Scout — spare' },
];

export async function seedDemoDevices(db: Queryable, orgId: string, now: Date): Promise<void> {
  await addToInventory(db, DEMO_INVENTORY, now);
  for (const device of REGISTERED) {
    const id = await insertDevice(db, { orgId, serial: device.serial, model: MODEL, name: device.name, registeredBy: null }, now);
    // The token is never shown: rotating it on the device's page issues one someone can copy.
    await issueDeviceToken(db, id, now);
  }
}
