// For installations that use the built-in TRA simulator (TRA_BASE_URL unset): play TRA's part
// of issuing a certificate for the company, then install it as an admin would, which registers
// the VFD with the simulator. The demo company gets one on first start.
import { eq } from 'drizzle-orm';
import type { Deps } from '../context';
import { companies } from '../db/schema';
import { appError } from '../http/app-error';
import { enrolTaxpayer } from '../tra-sim/taxpayers';
import { installCertificate } from './registration';

export async function installSimulatedCertificate(
  deps: Deps,
  companyId: string,
  actorId: string | null,
): Promise<void> {
  if (deps.config.traBaseUrl) throw appError(409, 'simulator_only');
  const [company] = await deps.db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw appError(404, 'not_found');
  const taxpayer = {
    serial: company.serial,
    tin: company.tin,
    vrn: company.vrn,
    name: company.name,
    mobile: `255${company.phone}`,
    address: company.address,
  };
  // The simulator on its own thread keeps its ledger where only it reaches.
  const enrolled = deps.traSim
    ? await deps.traSim.thread.enrol(taxpayer)
    : await enrolTaxpayer(deps.db, taxpayer, deps.clock.now());
  const issued = enrolled.issued!;
  await installCertificate(
    deps,
    companyId,
    { pfx: issued.pfx, password: issued.password },
    actorId,
  );
}
