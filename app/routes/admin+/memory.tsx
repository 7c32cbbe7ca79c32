import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { entryTimeText, hitRatioText, uptimeText } from "~/lib/memory-figures";
import { adminTitle } from "~/lib/title";
import { listMemories, memoryOn } from "~/memory/memory.server";
import { requireAdmin } from "~/utils/admin.server";

export const meta: MetaFunction = () => [{ title: adminTitle("Memory") }];

/** What this server process keeps between requests (app/memory), each memory with its figures since the process started. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const count = (n: number) => n.toLocaleString("en-IN");
  return {
    on: memoryOn(),
    pid: process.pid,
    up: uptimeText(process.uptime()),
    memories: listMemories().map((memory) => ({
      name: memory.name,
      purpose: memory.purpose,
      figures: [
        ["Kept now", `${count(memory.size)} of at most ${count(memory.max)}`],
        ["An entry is used for", entryTimeText(memory.ttlMs)],
        ["Answered from memory", hitRatioText(memory.hits, memory.misses)],
        ["Asks", `${count(memory.hits)} answered from memory, ${count(memory.misses)} worked out`],
      ] as const,
    })),
  };
}

export default function AdminMemory() {
  const { on, pid, up, memories } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-2xl font-bold">Memory</h1>
      <p className="mt-1 text-sm text-slate-600">
        What this server process (pid {pid}, up {up}) keeps between requests, and how often an ask was answered from it since it started.
        With several processes (WEB_CONCURRENCY) each keeps its own: these are the figures of the one that drew this page.
      </p>
      {on ? null : (
        <p role="note" className="mt-3 rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-950">
          MEMORY=off: nothing is kept, and every answer is worked out afresh (the same pages, slower).
        </p>
      )}
      <ul className="mt-4 grid gap-3 lg:grid-cols-2">
        {memories.map((memory) => (
          <li key={memory.name} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="memory">
            <h2 className="font-semibold">{memory.name}</h2>
            <p className="text-sm text-slate-600">{memory.purpose}</p>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              {memory.figures.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-slate-500">{label}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
