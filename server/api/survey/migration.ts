/**
 * Migration 2 of the API schema: the survey side. Projects belong to an organisation (migration
 * 1); everything below a project goes with it (ON DELETE CASCADE), and blobs are removed by the
 * code that deletes their rows. Track results are stored, so statistics reads are plain queries.
 */
import type { Migration } from '../../db/migrate.js';
import { NETWORK_TECHNOLOGIES } from './technologies.js';

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const technologies = NETWORK_TECHNOLOGIES.map(
  (t, i) => `(${quote(t.id)}, ${quote(t.name)}, ${quote(t.family)}, ${quote(t.standard)}, ARRAY[${t.bands.map(quote).join(', ')}]::text[], ${i + 1})`,
).join(',\n        ');

export const surveyMigration: Migration = {
  version: 2,
  name: 'survey: projects, floors, floor plans, tracks and results, photos, contacts, project members, reporting settings, network technologies',
  up: `
      CREATE TABLE network_technologies (
        id text PRIMARY KEY,
        name text NOT NULL,
        family text NOT NULL CHECK (family IN ('wifi', 'cellular')),
        standard text NOT NULL,
        bands text[] NOT NULL,
        position integer NOT NULL
      );
      INSERT INTO network_technologies (id, name, family, standard, bands, position) VALUES
        ${technologies};

      CREATE TABLE projects (
        id uuid PRIMARY KEY,
        org_id uuid NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'halted')),
        customer text NOT NULL DEFAULT '',
        address text NOT NULL DEFAULT '',
        created_by uuid,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      -- Names are unique per organisation regardless of case: the 409 a user sees on a duplicate.
      CREATE UNIQUE INDEX projects_org_name ON projects (org_id, lower(name));
      CREATE INDEX projects_org_created ON projects (org_id, created_at DESC, id);

      CREATE TABLE project_members (
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        role text NOT NULL CHECK (role IN ('manager', 'surveyor', 'viewer')),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (project_id, user_id)
      );
      CREATE INDEX project_members_user ON project_members (user_id);

      CREATE TABLE floors (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        name text NOT NULL,
        level integer NOT NULL,
        height_m double precision,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX floors_project_name ON floors (project_id, lower(name));
      CREATE INDEX floors_project_level ON floors (project_id, level, id);

      CREATE TABLE floorplans (
        id uuid PRIMARY KEY,
        floor_id uuid NOT NULL REFERENCES floors (id) ON DELETE CASCADE,
        file_name text NOT NULL,
        media_type text NOT NULL,
        byte_size bigint NOT NULL,
        sha256 text NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        original_key text NOT NULL,
        display_key text NOT NULL,
        display_width integer NOT NULL,
        display_height integer NOT NULL,
        rendered_at timestamptz NOT NULL,
        calibration jsonb,
        metres_per_pixel double precision,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX floorplans_floor ON floorplans (floor_id, created_at DESC, id);

      CREATE TABLE tracks (
        id uuid PRIMARY KEY,
        floor_id uuid NOT NULL REFERENCES floors (id) ON DELETE CASCADE,
        floorplan_id uuid NOT NULL REFERENCES floorplans (id) ON DELETE CASCADE,
        name text NOT NULL,
        source text NOT NULL CHECK (source IN ('upload', 'device')),
        device_id text,
        file_name text NOT NULL,
        format text NOT NULL CHECK (format IN ('csv', 'json')),
        sample_count integer NOT NULL,
        network_count integer NOT NULL,
        path_points integer NOT NULL,
        start_time double precision NOT NULL,
        end_time double precision NOT NULL,
        status text NOT NULL CHECK (status IN ('imported', 'queued', 'processing', 'processed', 'failed')),
        failure_reason text,
        queued_at timestamptz,
        started_at timestamptz,
        finished_at timestamptz,
        processing_ms integer,
        -- What the stored results were computed from (samples, calibration, thresholds): equal → nothing to redo.
        input_hash text,
        result_hash text,
        result jsonb,
        created_by uuid,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX tracks_floor ON tracks (floor_id, created_at DESC, id);
      CREATE INDEX tracks_queue ON tracks (queued_at) WHERE status = 'queued';

      CREATE TABLE track_samples (
        track_id uuid PRIMARY KEY REFERENCES tracks (id) ON DELETE CASCADE,
        data bytea NOT NULL
      );

      CREATE TABLE track_networks (
        track_id uuid NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
        idx integer NOT NULL,
        technology text NOT NULL REFERENCES network_technologies (id),
        network_id text NOT NULL,
        name text NOT NULL,
        channel integer NOT NULL,
        frequency_mhz double precision NOT NULL,
        band text NOT NULL,
        samples integer NOT NULL,
        min_signal_dbm double precision NOT NULL,
        mean_signal_dbm double precision NOT NULL,
        max_signal_dbm double precision NOT NULL,
        mean_noise_dbm double precision,
        mean_throughput_mbps double precision,
        cells integer NOT NULL,
        covered_cells integer NOT NULL,
        coverage_percent double precision NOT NULL,
        grid bytea,
        PRIMARY KEY (track_id, idx)
      );

      CREATE TABLE track_layers (
        track_id uuid NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
        technology text NOT NULL REFERENCES network_technologies (id),
        thresholds jsonb NOT NULL,
        coverage jsonb NOT NULL,
        noise_assumed boolean NOT NULL,
        best bytea NOT NULL,
        best_network bytea NOT NULL,
        snr bytea NOT NULL,
        serving bytea NOT NULL,
        co_channel bytea NOT NULL,
        PRIMARY KEY (track_id, technology)
      );

      CREATE TABLE track_channels (
        track_id uuid NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
        technology text NOT NULL REFERENCES network_technologies (id),
        band text NOT NULL,
        channel integer NOT NULL,
        networks integer NOT NULL,
        samples integer NOT NULL,
        mean_signal_dbm double precision NOT NULL,
        max_signal_dbm double precision NOT NULL,
        cells_heard integer NOT NULL,
        max_overlap integer NOT NULL,
        mean_overlap double precision NOT NULL,
        PRIMARY KEY (track_id, technology, band, channel)
      );

      CREATE TABLE photos (
        id uuid PRIMARY KEY,
        floor_id uuid NOT NULL REFERENCES floors (id) ON DELETE CASCADE,
        track_id uuid REFERENCES tracks (id) ON DELETE CASCADE,
        x double precision NOT NULL,
        y double precision NOT NULL,
        caption text NOT NULL DEFAULT '',
        file_name text NOT NULL,
        media_type text NOT NULL,
        byte_size bigint NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        blob_key text NOT NULL,
        created_by uuid,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX photos_floor ON photos (floor_id, created_at DESC, id);
      CREATE INDEX photos_track ON photos (track_id, created_at DESC, id) WHERE track_id IS NOT NULL;

      CREATE TABLE contacts (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        name text NOT NULL,
        role text NOT NULL DEFAULT '',
        company text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        phone text NOT NULL DEFAULT '',
        notes text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX contacts_project ON contacts (project_id, lower(name), id);

      CREATE TABLE reporting_settings (
        project_id uuid PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
        settings jsonb NOT NULL,
        updated_by uuid,
        updated_at timestamptz NOT NULL
      );
  `,
};
