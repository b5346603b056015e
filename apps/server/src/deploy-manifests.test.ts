import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ScaledObject } from "@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { PersistentVolumeClaim } from "kubernetes-models/v1/PersistentVolumeClaim";
import { Secret } from "kubernetes-models/v1/Secret";
import { Service } from "kubernetes-models/v1/Service";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import { describe, expect, it } from "vitest";
import { parseAllDocuments, parse } from "yaml";
import { loadConfig } from "./config.js";
import { QUEUE_NAME } from "./jobs/bull-queue.js";

// The deployment files (deploy/): every Kubernetes manifest validates against the Kubernetes
// and KEDA JSON schemas (kubernetes-models), the autoscaler reads the queue's real key, the
// settings the manifests and the compose file give are settings the server accepts, and the
// image runs as a non-root user with its health check.

const root = fileURLToPath(new URL("../../../", import.meta.url));
const kubernetes = join(root, "deploy", "kubernetes");

/** The schema-checked model of each kind the manifests use. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  "apps/v1/Deployment": Deployment,
  "v1/ConfigMap": ConfigMap,
  "v1/PersistentVolumeClaim": PersistentVolumeClaim,
  "v1/Secret": Secret,
  "v1/Service": Service,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget,
  "keda.sh/v1alpha1/ScaledObject": ScaledObject,
};

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

function manifests(): Manifest[] {
  return readdirSync(kubernetes)
    .filter((name) => name.endsWith(".yaml"))
    .flatMap((name) =>
      parseAllDocuments(readFileSync(join(kubernetes, name), "utf8")).map((document) => {
        expect(document.errors, name).toEqual([]);
        return document.toJS() as Manifest;
      }),
    );
}

function find(kind: string, name: string): Manifest {
  const found = manifests().find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
}

describe("deploy/kubernetes", () => {
  it("validates every manifest against its schema", () => {
    const all = manifests();
    expect(all.length).toBeGreaterThanOrEqual(7);
    for (const manifest of all) {
      const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}`];
      expect(Model, `${manifest.apiVersion} ${manifest.kind}`).toBeDefined();
      expect(() => new Model!(manifest as never).validate(), manifest.metadata.name).not.toThrow();
    }
  });

  it("the schema check can fail: a probe with a port of the wrong type is refused", () => {
    const api = structuredClone(find("Deployment", "verbatim-api"));
    const spec = api.spec as { template: { spec: { containers: Array<Record<string, unknown>> } } };
    spec.template.spec.containers[0]!.readinessProbe = { httpGet: { path: 1, port: "http" } };
    expect(() => new Deployment(api as never).validate()).toThrow();
  });

  it("scales workers on BullMQ's keys of this queue, and gives time to hand jobs back", () => {
    const config = find("ConfigMap", "verbatim-config").data!;
    const scaler = find("ScaledObject", "verbatim-worker").spec as {
      scaleTargetRef: { name: string };
      triggers: Array<{ type: string; metadata: Record<string, string> }>;
    };
    expect(scaler.scaleTargetRef.name).toBe("verbatim-worker");
    const redis = scaler.triggers.find((t) => t.type === "redis")!;
    expect(redis.metadata.listName).toBe(`${config.REDIS_PREFIX}:${QUEUE_NAME}:wait`);
    const metrics = scaler.triggers.find((t) => t.type === "metrics-api")!;
    expect(metrics.metadata.valueLocation).toBe("queue.waiting");
    const worker = find("Deployment", "verbatim-worker").spec as {
      template: { spec: { terminationGracePeriodSeconds: number } };
    };
    expect(worker.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(30);
  });

  it("gives settings the server accepts", () => {
    const config = find("ConfigMap", "verbatim-config").data!;
    const secrets = find("Secret", "verbatim-secrets").stringData!;
    const loaded = loadConfig({ ...config, ...secrets, ROLE: "api" });
    expect(loaded.storage).toEqual({ bucket: "verbatim", prefix: "", forcePathStyle: true });
    expect(loaded.redis?.prefix).toBe("verbatim");
  });
});

describe("deploy/compose.yaml and the Containerfile", () => {
  it("the compose file's services run the image with settings the server accepts", () => {
    const compose = parse(readFileSync(join(root, "deploy", "compose.yaml"), "utf8"), {
      merge: true,
    }) as {
      services: Record<
        string,
        { image?: string; command?: string[]; environment?: Record<string, string> }
      >;
    };
    expect(Object.keys(compose.services).sort()).toEqual(
      ["api", "bucket", "postgres", "redis", "seaweedfs", "worker"].sort(),
    );
    expect(compose.services.worker!.command).toEqual(["node", "apps/server/dist/worker.js"]);
    // ${…} as a filled-in .env would make them.
    const filled = Object.fromEntries(
      Object.entries(compose.services.api!.environment!).map(([key, value]) => [
        key,
        String(value).replace(/\$\{[^}]+\}/g, "x"),
      ]),
    );
    const loaded = loadConfig(filled);
    expect(loaded.role).toBe("api");
    expect(loaded.storage?.bucket).toBe("verbatim");
  });

  it("the image runs as a non-root user and checks /api/health", () => {
    const file = readFileSync(join(root, "Containerfile"), "utf8");
    expect(file).toMatch(/^USER verbatim$/m);
    expect(file).toMatch(/^HEALTHCHECK [^\n]*\n[^\n]*\/api\/health/m);
    expect(file).toMatch(/^FROM \$\{NODE_IMAGE\} AS runtime$/m);
  });
});
