import type { ReactNode } from "react";

/** A two-column reference table (name in code, then its meaning); scrolls inside its box. */
export function ReferenceTable({
  head,
  rows,
}: {
  head: [string, string];
  rows: readonly (readonly [string, ReactNode])[];
}) {
  return (
    <div className="max-w-full overflow-x-auto rounded-lg border border-zinc-200">
      <table className="w-full text-left text-sm wrap-anywhere">
        <thead className="bg-zinc-50 text-zinc-900">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className="px-4 py-2.5 font-semibold">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200">
          {rows.map(([name, meaning]) => (
            <tr key={name} className="align-top">
              <th scope="row" className="w-2/5 px-4 py-3 font-normal sm:w-1/3">
                <code className="font-mono text-[0.8125rem] font-medium wrap-anywhere text-zinc-900">
                  {name}
                </code>
              </th>
              <td className="px-4 py-3 text-zinc-700">{meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
