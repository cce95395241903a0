/**
 * The manufactured devices an organisation may claim: serial, model and the claim code printed
 * on the device (kept as a hash). Filled by the manufacturing import and the demo data; the
 * register route only reads it.
 */
import type { Queryable } from '../../db/database.js';
import { normaliseClaimCode, sha256Hex } from './secrets.js';

export interface ManufacturedDevice {
  /** Kept in upper case, as registration compares it. */
  serial: string;
  model: string;
  claimCode: string;
}

export interface InventoryRow {
  serial: string;
  model: string;
  claim_code_hash: string;
}

export async function addToInventory(db: Queryable, devices: readonly ManufacturedDevice[], now: Date): Promise<void> {
  for (const d of devices) {
    await db.query(
      `INSERT INTO device_inventory (serial, model, claim_code_hash, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (serial) DO UPDATE SET model = EXCLUDED.model, claim_code_hash = EXCLUDED.claim_code_hash`,
      [d.serial.toUpperCase(), d.model, sha256Hex(normaliseClaimCode(d.claimCode)), now],
    );
  }
}

export async function inventoryEntry(db: Queryable, serial: string): Promise<InventoryRow | undefined> {
  const r = await db.query<InventoryRow>('SELECT serial, model, claim_code_hash FROM device_inventory WHERE serial = $1', [serial]);
  return r.rows[0];
}
