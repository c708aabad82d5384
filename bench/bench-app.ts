// The server a bench measures: production settings on a fresh embedded database, listening on a free port, with one
// signed-up person whose token the bench calls with.
import { buildApp } from '../apps/server/src/app.ts';
import { openBenchDatabase } from './bench-database.ts';

export const portOf = (server: { server: { address: () => unknown } }) => (server.server.address() as { port: number }).port;

export async function startBenchApp() {
  const { config, database, remove } = await openBenchDatabase();
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: 'bench@example.com', password: 'bench-password-1' },
  });
  const { token } = signUp.json() as { token: string };
  const personId = (await q(`select id from people where email = 'bench@example.com'`)).rows[0]!.id as string;
  /** Stops the server and its database and removes the data folder. */
  const stop = async () => {
    await app.close();
    await remove();
  };
  return { app, database, q, base: `http://127.0.0.1:${portOf(app)}`, token, personId, stop };
}

type BenchApp = Awaited<ReturnType<typeof startBenchApp>>;

/**
 * A licensed kanban mission of the bench person with `tasks` tasks over `actions` actions, all assigned to them:
 * the actions start evenly over `days` days from `from`, the tasks start over those days and are due up to 20 days
 * after. The person is named first (Home greets them by name).
 */
export async function missionOfMine(
  bench: BenchApp,
  mission: { title: string; actions: number; tasks: number; from: string; days: number },
): Promise<string> {
  const headers = { authorization: `Bearer ${bench.token}` };
  await bench.app.inject({ method: 'PUT', url: '/api/people/profile', headers, payload: { firstName: 'Hana', lastName: 'Home' } });
  const created = await bench.app.inject({
    method: 'POST',
    url: '/api/mission',
    headers,
    payload: { title: mission.title, projectType: 'kanban', planStartDate: '2026-01-05', planEndDate: '2026-12-28' },
  });
  const missionId = (created.json() as { _id: string })._id;
  await bench.q(`update missions set is_licensed_active = true where id = $1`, [missionId]);
  await bench.q(
    `insert into actions (id, mission_id, title, start_date, end_date, sort_index)
     select substr(md5($1 || g), 1, 24), $1, 'Action ' || g, $3::date + g * ($4::int / $2::int), $3::date + g * ($4::int / $2::int) + 20, g
     from generate_series(1, $2::int) g`,
    [missionId, mission.actions, mission.from, mission.days],
  );
  await bench.q(
    `insert into action_items (id, action_id, mission_id, title, status, col, start_date, end_date, due_date, sort_index, people)
     select substr(md5($1 || 'item' || g), 1, 24), substr(md5($1 || (1 + g % $5::int)), 1, 24), $1, 'Task ' || g,
            'open', (array['todo','doing','review'])[1 + g % 3],
            $4::date + (g % $6::int), $4::date + (g % $6::int) + 3, $4::date + (g % ($6::int + 20)), g, array[$3::varchar]
     from generate_series(1, $2::int) g`,
    [missionId, mission.tasks, bench.personId, mission.from, mission.actions, mission.days],
  );
  return missionId;
}
