/**
 * The workload pack: Workload Z (batched reads), Workload Y (batched inserts and bulk loads),
 * readers beside writers, and the workloads of the write-ups' own data models (entitlements, likes,
 * a friends' feed). It may use {@code io.github.ycsbembedded.core} (the extension interfaces,
 * reached through its one helper) and YCSB's core, and no binding: a workload falls back to plain
 * YCSB calls for a database that lacks an extension.
 */
package io.github.ycsbembedded.workloads;
