/**
 * The notification module's public surface (issue 32 item 6). Low in the module graph (platform and the reference
 * tables only), so any module may tell users of its events: `notify(tx, items)` INSIDE the event's transaction (a
 * rolled-back action notifies nobody), with a `dedupeKey` per event so it is told once; `departmentRecipients` names
 * whom a department's event goes to (its head and registered chargers). The daily digest is its own job.
 */

export { type DigestSettings, digestSettingsOf, runDigest } from './digest.service';
export { DIGEST_JOB } from './notification.jobs';
export { notificationPlugin } from './notification.plugin';
export { departmentRecipients, type NotifyItem, notify } from './notification.service';
