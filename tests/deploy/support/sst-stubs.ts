import { fileURLToPath } from 'node:url';

/**
 * Stand-ins for the globals SST gives sst.config.ts ($config, $app, $dev, sst, aws, $interpolate),
 * recording every resource and route so a test can evaluate the real config without AWS.
 * Outputs are placeholder strings like "{Function:FestivalsApi.url}".
 */

export interface Recorded {
  kind: string;
  name: string;
  args: any;
  opts?: any;
  instance: any;
}

export interface RecordedRoute {
  kind: 'url' | 'bucket' | 'site';
  pattern: string;
  /** A function URL, a bucket or the static site. */
  target: any;
  args?: any;
}

export interface Evaluation {
  resources: Recorded[];
  routes: RecordedRoute[];
  outputs: Record<string, unknown>;
  of(kind: string): Recorded[];
  one(kind: string, name: string): Recorded;
}

const ref = (kind: string, name: string, prop: string) => `{${kind}:${name}.${prop}}`;

/**
 * Pulumi's Output, reduced to what infra/ uses: `apply`, and a promise of the value (a test awaits
 * it). Values that are resource placeholders stay strings.
 */
export class StubOutput<T> implements PromiseLike<T> {
  private readonly value: Promise<T>;
  constructor(value: T | PromiseLike<T>) {
    this.value = Promise.resolve(value).then((v) => (v instanceof StubOutput ? v.value : v)) as Promise<T>;
  }
  apply<U>(fn: (value: T) => U | PromiseLike<U>): StubOutput<U> {
    return new StubOutput(this.value.then(fn));
  }
  then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): PromiseLike<A | B> {
    return this.value.then(onFulfilled, onRejected);
  }
}

function createStubs(resources: Recorded[], routes: RecordedRoute[]) {
  const record = (kind: string, name: string, args: any, opts: any, instance: any) => {
    if (resources.some((r) => r.kind === kind && r.name === name)) throw new Error(`duplicate ${kind} ${name}`);
    resources.push({ kind, name, args, opts, instance });
  };

  class Secret {
    readonly value: string;
    readonly name: string;
    constructor(
      readonly secretName: string,
      readonly placeholder?: string,
    ) {
      this.value = ref('Secret', secretName, 'value');
      this.name = secretName;
      record('Secret', secretName, { placeholder }, undefined, this);
    }
  }

  class Router {
    readonly url: string;
    readonly distributionID: string;
    readonly nodes: any;
    constructor(
      readonly resourceName: string,
      args: any = {},
      opts?: any,
    ) {
      this.url = ref('Router', resourceName, 'url');
      this.distributionID = ref('Router', resourceName, 'distributionID');
      this.nodes = { cdn: { nodes: { distribution: { arn: ref('Router', resourceName, 'distributionArn') } } } };
      record('Router', resourceName, args, opts, this);
    }
    route(pattern: string, url: string, args?: any) {
      routes.push({ kind: 'url', pattern, target: url, args });
    }
    routeBucket(pattern: string, bucket: unknown, args?: any) {
      routes.push({ kind: 'bucket', pattern, target: bucket, args });
    }
  }

  class Bucket {
    readonly name: string;
    readonly arn: string;
    constructor(
      readonly resourceName: string,
      args: any = {},
      opts?: any,
    ) {
      this.name = ref('Bucket', resourceName, 'name');
      this.arn = ref('Bucket', resourceName, 'arn');
      record('Bucket', resourceName, args, opts, this);
    }
  }

  class Function {
    readonly name: string;
    readonly url: string;
    readonly arn: string;
    constructor(
      readonly resourceName: string,
      args: any,
      opts?: any,
    ) {
      this.name = ref('Function', resourceName, 'name');
      this.url = ref('Function', resourceName, 'url');
      this.arn = ref('Function', resourceName, 'arn');
      record('Function', resourceName, args, opts, this);
    }
  }

  class StaticSite {
    readonly url: string;
    constructor(
      readonly resourceName: string,
      args: any,
      opts?: any,
    ) {
      this.url = ref('StaticSite', resourceName, 'url');
      record('StaticSite', resourceName, args, opts, this);
      if (args?.router?.instance) routes.push({ kind: 'site', pattern: args.router.path ?? '/', target: this });
    }
  }

  class ResponseHeadersPolicy {
    readonly id: string;
    constructor(
      readonly resourceName: string,
      args: any,
      opts?: any,
    ) {
      this.id = ref('ResponseHeadersPolicy', resourceName, 'id');
      record('aws.cloudfront.ResponseHeadersPolicy', resourceName, args, opts, this);
    }
  }

  class CronV2 {
    constructor(
      readonly resourceName: string,
      args: any,
      opts?: any,
    ) {
      record('CronV2', resourceName, args, opts, this);
    }
  }

  class Queue {
    readonly url: string;
    readonly arn: string;
    constructor(
      readonly resourceName: string,
      args: any = {},
      opts?: any,
    ) {
      this.url = ref('Queue', resourceName, 'url');
      this.arn = ref('Queue', resourceName, 'arn');
      record('Queue', resourceName, args, opts, this);
    }
    subscribe(subscriber: any, args?: any) {
      record('QueueSubscriber', this.resourceName, { subscriber, ...args }, undefined, this);
    }
  }

  class Email {
    readonly sender: string;
    constructor(
      readonly resourceName: string,
      args: any,
      opts?: any,
    ) {
      this.sender = args.sender;
      record('Email', resourceName, args, opts, this);
    }
  }

  class Invocation {
    constructor(
      readonly resourceName: string,
      args: any,
      opts?: any,
    ) {
      record('aws.lambda.Invocation', resourceName, args, opts, this);
    }
  }

  const interpolate = (strings: TemplateStringsArray, ...values: unknown[]) =>
    strings.reduce((out, s, i) => out + s + (i < values.length ? String(values[i]) : ''), '');

  return {
    sst: { Secret, aws: { Router, Bucket, Function, StaticSite, CronV2, Queue, Email } },
    aws: {
      lambda: { Invocation },
      cloudfront: { ResponseHeadersPolicy },
      getRegionOutput: () => ({ region: '{aws.region}', name: '{aws.region}' }),
    },
    $interpolate: interpolate,
    $jsonStringify: (value: unknown) => new StubOutput(value).apply((v) => JSON.stringify(v)),
    $util: {
      output: <T>(value: T) => new StubOutput(value),
      all: (values: unknown[]) => new StubOutput(Promise.all(values.map((v) => new StubOutput(v)))),
    },
    $config: (config: unknown) => config,
  };
}

const GLOBALS = ['sst', 'aws', '$interpolate', '$jsonStringify', '$util', '$config', '$app', '$dev', '$cli'] as const;

/** Loads sst.config.ts under the stubs: its app() answer for `stage` and what its run() declares. */
export async function evaluateConfig(
  configUrl: string,
  options: { stage: string; dev?: boolean; root?: string },
): Promise<Evaluation & { app: any }> {
  const resources: Recorded[] = [];
  const routes: RecordedRoute[] = [];
  const stubs = createStubs(resources, routes);
  const target = globalThis as Record<string, unknown>;
  const saved = Object.fromEntries(GLOBALS.map((g) => [g, target[g]]));
  Object.assign(target, stubs);
  try {
    const config = (await import(configUrl)).default as {
      app(input: { stage: string }): any;
      run(): Promise<Record<string, unknown>>;
    };
    const app = await config.app({ stage: options.stage });
    target.$app = {
      name: app.name,
      stage: options.stage,
      removal: app.removal,
      protect: Boolean(app.protect),
      providers: app.providers,
    };
    target.$dev = Boolean(options.dev);
    const root = options.root ?? fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');
    target.$cli = { paths: { root, home: root, work: `${root}/.sst`, platform: `${root}/.sst/platform` } };
    const outputs = await config.run();
    return {
      app,
      resources,
      routes,
      outputs,
      of: (kind) => resources.filter((r) => r.kind === kind),
      one: (kind, name) => {
        const found = resources.find((r) => r.kind === kind && r.name === name);
        if (!found) throw new Error(`no ${kind} named ${name}`);
        return found;
      },
    };
  } finally {
    for (const g of GLOBALS) {
      if (saved[g] === undefined) delete target[g];
      else target[g] = saved[g];
    }
  }
}
