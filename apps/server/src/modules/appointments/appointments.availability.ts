import type { PubSub } from '../../infra/pubsub.js';
import type { DoctorPlan } from './appointments.repository.js';

/** The channel on which an instance tells the others that a doctor's availability changed. */
export const AVAILABILITY_CHANNEL = 'appointments:availability';

/** How long a doctor's plan is served from memory at most (a lapsed PayPal hold frees an hour with no write). */
export const AVAILABILITY_TTL_MS = 5_000;
const MAX_DOCTORS = 2_000;

interface Entry {
  at: number;
  plan: Promise<DoctorPlan>;
}

/**
 * A short per-instance cache of doctors' plans (weekly hours, blocks, held slots of a date range)
 * for the free-hours call and the picker's dates (issue 24 item 8, decision 0048). It only ever
 * serves what is shown: every booking decides inside its transaction from the database, never
 * from here. Every write that changes a doctor's availability drops that doctor here and, through
 * the pub/sub (Redis with several instances), on every other instance; the TTL bounds what a lost
 * message or a lapsed hold can leave stale.
 */
export class AvailabilityCache {
  private readonly doctors = new Map<string, { generation: number; entries: Map<string, Entry> }>();

  constructor(private readonly now: () => number, private readonly ttlMs = AVAILABILITY_TTL_MS) {}

  /** The plan of `key` for the doctor, read once however many requests ask at the same time. */
  get(doctorId: string, key: string, read: () => Promise<DoctorPlan>): Promise<DoctorPlan> {
    let doctor = this.doctors.get(doctorId);
    if (!doctor) {
      if (this.doctors.size >= MAX_DOCTORS) this.doctors.clear();
      doctor = { generation: 0, entries: new Map() };
      this.doctors.set(doctorId, doctor);
    }
    const now = this.now();
    const hit = doctor.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.plan;
    const generation = doctor.generation;
    const plan = read();
    const entry = { at: now, plan };
    doctor.entries.set(key, entry);
    const d = doctor;
    plan.then(
      () => {
        // A write landed while this was read: the answer may predate it, keep it out of the cache.
        if (d.generation !== generation && d.entries.get(key) === entry) d.entries.delete(key);
      },
      () => {
        if (d.entries.get(key) === entry) d.entries.delete(key);
      },
    );
    return plan;
  }

  /** Drops everything known of the doctor on this instance. */
  forget(doctorId: string) {
    const doctor = this.doctors.get(doctorId);
    if (!doctor) return;
    doctor.generation++;
    doctor.entries.clear();
  }

  forgetAll() {
    for (const id of [...this.doctors.keys()]) this.forget(id);
  }
}

/**
 * Wires the cache to the pub/sub: `changed` forgets locally at once and tells the other instances.
 * A failed publish is logged, never thrown: the write it follows has already happened.
 */
export async function availabilityFeed(cache: AvailabilityCache, pubsub: PubSub, onError: (err: unknown) => void) {
  const unsubscribe = await pubsub.subscribe(AVAILABILITY_CHANNEL, (payload) => {
    if (/^[0-9a-f-]{36}$/i.test(payload)) cache.forget(payload);
  });
  return {
    unsubscribe,
    changed(doctorId: string) {
      cache.forget(doctorId);
      pubsub.publish(AVAILABILITY_CHANNEL, doctorId).catch(onError);
    },
  };
}
