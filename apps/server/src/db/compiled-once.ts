import { createQueryId, type Compilable, type CompiledQuery } from "kysely";

/** A Kysely instance or transaction: what runs a compiled query. */
interface Executable {
  executeQuery<R>(query: CompiledQuery<R>): Promise<{ rows: R[] }>;
}

/** Where a call's own value goes in a query compiled with placeholders. */
class Placeholder {
  constructor(readonly index: number) {}
}

/** Each parameter of the compiled query: the index of a call's value, or a constant. */
type ParameterSource = { value: number } | { constant: unknown };

/**
 * A query whose SQL is the same on every call, built and compiled by Kysely once per database
 * and then run with each call's values. Kysely builds a query from immutable, frozen nodes and
 * compiles it anew on every call: the session lookup that every signed-in request makes cost
 * 20 µs of CPU there before SQLite saw it (and is now a few array reads). `build` gets a
 * placeholder for each value and must use it as it is (compared, inserted), never compute
 * with it: a value that does not reach the compiled parameters is refused on the first call.
 */
export function compiledOnce<Executor extends Executable, Values extends unknown[], Row>(
  build: (db: Executor, ...values: Values) => Compilable<Row>,
): (db: Executor, ...values: Values) => Promise<Row[]> {
  const compiledFor = new WeakMap<
    Executor,
    { compiled: CompiledQuery<Row>; sources: ParameterSource[] }
  >();
  const compile = (db: Executor, count: number) => {
    const placeholders = Array.from({ length: count }, (_, index) => new Placeholder(index));
    const compiled = build(db, ...(placeholders as Values)).compile();
    const sources = compiled.parameters.map((parameter) =>
      parameter instanceof Placeholder ? { value: parameter.index } : { constant: parameter },
    );
    for (const placeholder of placeholders) {
      if (!compiled.parameters.includes(placeholder)) {
        throw new Error(`compiledOnce: value ${placeholder.index} is not a parameter of the query`);
      }
    }
    return { compiled, sources };
  };
  return async (db, ...values) => {
    let query = compiledFor.get(db);
    if (!query) {
      query = compile(db, values.length);
      compiledFor.set(db, query);
    }
    const parameters = query.sources.map((source) =>
      "value" in source ? values[source.value] : source.constant,
    );
    const result = await db.executeQuery<Row>({
      ...query.compiled,
      queryId: createQueryId(),
      parameters,
    });
    return result.rows;
  };
}
