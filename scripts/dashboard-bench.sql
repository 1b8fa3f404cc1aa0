-- make bench's dashboard study: :participants participants of site :'site', each with a training plan and :sessions
-- sessions (the plan's own first, then sessions without a plan past its end) of :trials trial rows
-- (1,000 × 30 × 33 ≈ 1,000,000 trials), ten ratings, and the sync items of every row, written straight into the
-- tables ingest fills (sync_items and the projections), as ingest would leave them.
\set ON_ERROR_STOP on
BEGIN;
INSERT INTO devices (id, site_id, name, token_hash)
SELECT gen_random_uuid(), s.id, 'home-' || n, md5(random()::text || n)
FROM sites s, generate_series(1, 10) n WHERE s.name = :'site';
CREATE TABLE bench_people AS
SELECT n, 'B' || lpad(n::text, 4, '0') AS participant, s.id AS site_id,
  (SELECT id FROM devices d WHERE d.site_id = s.id ORDER BY d.name OFFSET (n % 10) LIMIT 1) AS device_id
FROM sites s, generate_series(1, :participants) n WHERE s.name = :'site';
INSERT INTO participants (site_id, participant, registered_at, first_registered_at, age, gender, device_id, item)
SELECT site_id, participant, now() - interval '40 days', now() - interval '40 days', 30 + n % 40, 'na', device_id, n
FROM bench_people;
INSERT INTO plans (device_id, file, site_id, participant, version, name, assigned_at, source, total_sessions,
  sessions_per_week, plan)
SELECT device_id, participant || '/plan-001.json', site_id, participant, 1, (:'plan')::jsonb ->> 'name',
  now() - interval '35 days', 'bench', ((:'plan')::jsonb ->> 'total_sessions')::int,
  ((:'plan')::jsonb ->> 'sessions_per_week')::int, (:'plan')::jsonb
FROM bench_people;
INSERT INTO sync_files (device_id, file, kind, header)
SELECT p.device_id, p.participant || '/s' || k || '/' || f.name, f.kind, NULL
FROM bench_people p, generate_series(1, :sessions) k,
  (VALUES ('trials.csv', 'trials'), ('session.json', 'session')) f(name, kind);
INSERT INTO sessions (session_id, site_id, participant, device_id, machine_id, file, state_item, started_at, ended_at,
  completed, ended_by, protocol, input, plan_name, plan_version, plan_session, plan_total_sessions, session_index,
  local_session_index, trial_count, state)
SELECT p.participant || '-s' || k, p.site_id, p.participant, p.device_id, 'm' || p.n % 10,
  p.participant || '/s' || k || '/session.json', 1, now() - (:sessions + 1 - k) * interval '1 day',
  now() - (:sessions + 1 - k) * interval '1 day' + interval '12 minutes', (k + p.n) % 7 <> 0,
  CASE WHEN (k + p.n) % 7 <> 0 THEN 'all_targets' END, 'training-session', 'mouse',
  -- The plan's sessions first; the sessions after its last one are played without it, as train leaves them.
  CASE WHEN k <= t.total THEN (:'plan')::jsonb ->> 'name' END, CASE WHEN k <= t.total THEN 1 END,
  CASE WHEN k <= t.total THEN k END, CASE WHEN k <= t.total THEN t.total END, k, k, :trials,
  -- The state says what the columns say (the overview's alerts read the states, the pages the columns).
  (:'state')::jsonb || jsonb_build_object('session_id', p.participant || '-s' || k, 'participant', p.participant,
    'session_index', k, 'completed', (k + p.n) % 7 <> 0,
    'ended_by', CASE WHEN (k + p.n) % 7 <> 0 THEN 'all_targets' END,
    'started_at', to_char((now() - (:sessions + 1 - k) * interval '1 day') AT TIME ZONE 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'ended_at', to_char((now() - (:sessions + 1 - k) * interval '1 day' + interval '12 minutes') AT TIME ZONE 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'plan', CASE WHEN k <= t.total THEN jsonb_build_object('name', (:'plan')::jsonb ->> 'name', 'version', 1,
      'session', k, 'total_sessions', t.total) END)
FROM bench_people p, generate_series(1, :sessions) k, (SELECT ((:'plan')::jsonb ->> 'total_sessions')::int) t(total);
INSERT INTO trials (session_id, trial, site_id, participant, device_id, schema_version, platform, round,
  targets_in_round, target_index, target, condition, background, input, hrtf, hrtf_sha256, target_bearing_deg,
  aim_bearing_deg, deviation_deg, abs_deviation_deg, front_back_confusion, front_back_reversal, onset_at, shot_at,
  time_s, protocol, plan, difficulty_parameter, difficulty_value, hit, staircase_reversal, local_session_index,
  machine_id)
SELECT p.participant || '-s' || k, t, p.site_id, p.participant, p.device_id, 1, 'linux-sdl2', 1 + (t - 1) / 3, 3,
  1 + (t - 1) % 3, 'frog', 'one-target', false, 'mouse', 'default-48000', '', 90, 90 + d, d, abs(d), false,
  random() < 0.05, now() - (:sessions + 1 - k) * interval '1 day' + t * interval '20 seconds',
  now() - (:sessions + 1 - k) * interval '1 day' + t * interval '20 seconds' + interval '3 seconds', 1 + random() * 4,
  'training-session', CASE WHEN k <= ((:'plan')::jsonb ->> 'total_sessions')::int THEN (:'plan')::jsonb ->> 'name'
    ELSE '' END, 'hit_tolerance_deg', 45 - k + t % 4, abs(d) < 20, t % 4 = 0, k,
  'm' || p.n % 10
FROM bench_people p, generate_series(1, :sessions) k, generate_series(1, :trials) t,
  LATERAL (SELECT (random() * 2 - 1) * (60 - k) + 0 * t AS d) r;
INSERT INTO sync_items (device_id, file, item, content, sha256, received_at)
SELECT p.device_id, p.participant || '/s' || k || '/trials.csv', t, 'row', md5(p.participant || k || t),
  now() - (:sessions + 1 - k) * interval '1 day'
FROM bench_people p, generate_series(1, :sessions) k, generate_series(1, :trials) t;
-- Each machine's last sync, as ingest keeps it on the machine's row.
UPDATE devices d SET last_sync_at = m.at
FROM (SELECT device_id, max(received_at) AS at FROM sync_items GROUP BY device_id) m WHERE m.device_id = d.id;
INSERT INTO ratings (device_id, file, record, site_id, participant, moment, item, value, answered_at, skipped,
  codebook_version)
SELECT p.device_id, p.participant || '/ratings.csv', r, p.site_id, p.participant, 'prompt', 'tinnitus_loudness',
  round(random()::numeric, 3), now() - (31 - 3 * r) * interval '1 day', false, 2
FROM bench_people p, generate_series(1, 10) r;
DROP TABLE bench_people;
COMMIT;
ANALYZE;
