/**
 * Migration 8 of the API schema: the walls drawn on a floor plan. They are read and replaced as
 * one set (the editor saves the whole drawing), so they live beside the plan in one jsonb value
 * rather than as rows of their own.
 */
import type { Migration } from '../../db/migrate.js';

export const floorplanWallsMigration: Migration = {
  version: 8,
  name: 'floor plan walls: the walls a user draws, with their material and loss',
  up: `ALTER TABLE floorplans ADD COLUMN walls jsonb NOT NULL DEFAULT '[]'::jsonb;`,
};
