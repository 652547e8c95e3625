import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { growDemo } from '../../src/seed/demo/grow.ts';
import { describeEachDatabase } from '../helpers/app.ts';

describeEachDatabase('growing the demo data set (seed:demo --employees)', (t) => {
  const get = (url: string) => t.request('hradmin', { method: 'GET', url });
  const detail = async (number: string) => {
    const [item] = (await get(`/api/employees?q=${number}`)).json().items;
    return (await get(`/api/employees/${item.id}`)).json();
  };

  it('gives the added employees departments, skills with levels, certifications, groups and home pools', async () => {
    expect(await growDemo(t.database.db, 90)).toBe(30);
    expect((await get('/api/employees?pageSize=1')).json().total).toBe(90);

    // Spread over the departments as the first load spreads them: E00061 ramp, E00062 passenger, E00063 cargo.
    const [ramp, pax, cargo] = await Promise.all(['E00061', 'E00062', 'E00063'].map(detail));
    expect([ramp.departmentCode, pax.departmentCode, cargo.departmentCode]).toEqual(['RAMP', 'PAX', 'CARGO']);
    expect(pax.skills.map((s: { skillCode: string }) => s.skillCode).sort()).toEqual([
      'BOARDING',
      'CHECK_IN',
    ]);
    expect(cargo.skills).toEqual([
      expect.objectContaining({ skillCode: 'FORKLIFT', levelCode: expect.any(String) }),
    ]);
    expect(
      cargo.certifications.map((c: { certificationCode: string }) => c.certificationCode).sort(),
    ).toEqual(['FIRST_AID', 'FORKLIFT_LICENCE']);
    expect(ramp.homePool).toMatchObject({ code: 'RAMP-DEFAULT', source: 'department-default' });

    const apron = await detail('E00070');
    expect(apron.homePool).toMatchObject({ code: 'RAMP-APRON', source: 'explicit' });
    expect(apron.groups.map((g: { code: string }) => g.code)).toEqual(['RAMP_NIGHT_CREW']);
    expect((await detail('E00085')).groups.map((g: { code: string }) => g.code)).toEqual(['TRAINERS']);

    const [added] = await queryRows<{ skilled: number; levelled: number; first_aid: number }>(
      t.database.db,
      sql`select count(distinct es.employee_id)::int as skilled,
                 count(distinct es.employee_id) filter (where es.level_id is not null)::int as levelled,
                 (select count(*)::int from certifications c join employees e on e.id = c.employee_id
                   where c.certification_code = 'FIRST_AID' and e.employee_number > 'E00060') as first_aid
            from employee_skills es join employees e on e.id = es.employee_id
           where e.employee_number > 'E00060' and e.employee_number like 'E%'`,
    );
    expect(added).toEqual({ skilled: 30, levelled: 30, first_aid: 30 });
  });

  it('adds nothing when the unit has that many demo employees already', async () => {
    expect(await growDemo(t.database.db, 90)).toBe(0);
    expect(await growDemo(t.database.db, 20)).toBe(0);
    expect((await get('/api/employees?pageSize=1')).json().total).toBe(90);
  });
});
