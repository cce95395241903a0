/** The API schema's migrations, in the order they apply. An applied one is never edited. */
import type { Migration } from '../db/migrate.js';
import { coreMigration } from './core-migration.js';
import { devicesMigration } from './devices-migration.js';
import { outboxDeliveryMigration } from './mail/migration.js';
import { surveyMigration } from './survey/migration.js';
import { trackFormatsMigration } from './tracks/migration.js';
import { projectSharesMigration } from './shares/migration.js';
import { projectNameSearchMigration } from './projects/search-migration.js';
import { secondServerMigration } from './tracks/second-server-migration.js';
import { floorplanWallsMigration } from './floorplans/walls-migration.js';
import { predictedLayerMigration } from './tracks/predicted-layer-migration.js';
import { projectNameIndexMigration } from './projects/name-index-migration.js';
import { auditTrailMigration } from './audit/migration.js';
import { auditAppendMigration, auditInboxEventMigration, auditInboxMigration } from '../audit/chain.js';
import { nmcliLevelsMigration } from './tracks/nmcli-levels-migration.js';
import { trackPlacementMigration } from './tracks/placement-migration.js';
import { floorplanGeoreferenceMigration } from './floorplans/georeference-migration.js';

export const apiMigrations: readonly Migration[] = [
  coreMigration,
  surveyMigration,
  devicesMigration,
  outboxDeliveryMigration,
  trackFormatsMigration,
  secondServerMigration,
  projectSharesMigration,
  floorplanWallsMigration,
  projectNameSearchMigration,
  predictedLayerMigration,
  projectNameIndexMigration,
  auditTrailMigration,
  nmcliLevelsMigration,
  trackPlacementMigration,
  floorplanGeoreferenceMigration,
  auditAppendMigration(16),
  auditInboxMigration(17),
  auditInboxEventMigration(18),
];
