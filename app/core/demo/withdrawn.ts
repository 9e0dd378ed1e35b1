/**
 * Liis Lepp (49204120336), the demo's withdrawn policy (docs/decisions/0130): a policyholder
 * seeded as Jaan Tamm is, whose policy was signed twelve days before seeding and withdrawn
 * two days before seeding: the policy ended from its start, the one invoice issued was
 * credited, her state is WITHDRAWN (self-service shows the ended policy and the credit note;
 * the account step starts a new application). Idempotent: nothing happens once her policy has
 * ended.
 */
import { addDays, today, type Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { HealthCipher } from "../health-data.js";
import { invoiceService } from "../invoices.js";
import { creditNotePid } from "../withdrawal.js";
import { seedPolicyholder } from "./policyholder.js";

export const WITHDRAWN_CODE = "49204120336";

const noonOn = (isoDate: string) => new Date(`${isoDate}T10:00:00Z`);

export async function seedWithdrawn(db: Db, clock: Clock, cipher: HealthCipher): Promise<void> {
  const day = today(clock);
  // Signed twelve days ago, started the day after: no score period of hers is over yet.
  await seedPolicyholder(db, clock, cipher, WITHDRAWN_CODE, addDays(day, -11));
  const withdrawnOn = addDays(day, -2);
  const [customer] = await db.query<{ id: number | string; state: string }>(`SELECT id, state FROM customers WHERE personal_code = $1`, [WITHDRAWN_CODE]);
  if (!customer || customer.state !== "SELF_SERVICE") return;
  const customerId = Number(customer.id);
  // Billed as it would have been up to the withdrawal: the start date's invoice.
  await invoiceService({ db, clock: { now: () => noonOn(withdrawnOn) }, smoker: async () => false }).issueDue(customerId);
  await db.transaction(async (tx) => {
    const [policy] = await tx.query<{ id: number | string }>(`SELECT id FROM policies WHERE customer_id = $1 AND status = 'ACTIVE'`, [customerId]);
    const at = noonOn(withdrawnOn);
    await tx.query(`UPDATE policies SET status = 'WITHDRAWN', ended_at = $2, ending_sent_at = $2, ended_reason = 'wish' WHERE id = $1`, [policy.id, at]);
    const invoices = await tx.query<{ pid: string; sum_cents: number | string }>(`SELECT pid, sum_cents FROM invoices WHERE policy_id = $1`, [policy.id]);
    for (const invoice of invoices) {
      await tx.query(
        `INSERT INTO credit_notes (pid, invoice_pid, policy_id, customer_id, credit_date, sum_cents, issued_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [creditNotePid(invoice.pid), invoice.pid, policy.id, customerId, withdrawnOn, Number(invoice.sum_cents), at],
      );
    }
    await tx.query(`UPDATE customers SET state = 'WITHDRAWN', updated_at = $2 WHERE id = $1`, [customerId, at]);
    await tx.query(`INSERT INTO health_data_audit (customer_id, actor, action, subject, at) VALUES ($1, 'seed', 'write', $2, $3)`, [
      customerId,
      `policy:${policy.id}:withdrawal:wish`,
      at,
    ]);
  });
}
