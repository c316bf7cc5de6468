import { describe, expect, expectTypeOf, it } from "vitest";
import { bufferedIo } from "../io";
import { defineOutput } from "../output/output-spec";
import { defineCommand, defineSubcommand, type OptionsOfCommand } from "./define-command";
import type { CliOptions } from "./option-table";

/** A use case's options as its library declares them. */
interface GreetOptions {
  name: string;
  language?: string | undefined;
  maxItems?: number | undefined;
  tone: "plain" | "loud";
  loud?: boolean;
}

describe("an option table typed against its use case's options", () => {
  it("is a compile error when a key is misspelled, missing or of the wrong type", () => {
    const table: CliOptions<Omit<GreetOptions, "name">> = {
      language: { flag: "lang", type: "string", description: "greeting language" },
      maxItems: { type: "number", min: 0, description: "at most N" },
      tone: { type: "string", choices: ["plain", "loud"], default: "plain", description: "tone" },
      loud: { type: "boolean", description: "shout" },
    };
    expect(Object.keys(table)).toEqual(["language", "maxItems", "tone", "loud"]);

    const misspelled: CliOptions<Pick<GreetOptions, "maxItems">> = {
      // @ts-expect-error `maxItem` is not an option of the use case
      maxItem: { type: "number", description: "at most N" },
    };
    // @ts-expect-error `tone` is missing from the table
    const missing: CliOptions<Pick<GreetOptions, "tone" | "loud">> = {
      loud: { type: "boolean", description: "shout" },
    };
    const mistyped: CliOptions<Pick<GreetOptions, "maxItems">> = {
      // @ts-expect-error `maxItems` is a number, not a string
      maxItems: { type: "string", description: "at most N" },
    };
    const undefaulted: CliOptions<Pick<GreetOptions, "tone">> = {
      // @ts-expect-error the use case needs `tone`: the table must default it
      tone: { type: "string", choices: ["plain", "loud"], description: "tone" },
    };
    const badChoice: CliOptions<Pick<GreetOptions, "tone">> = {
      // @ts-expect-error "whisper" is not a tone of the use case
      tone: { type: "string", choices: ["plain", "whisper"], default: "plain", description: "tone" },
    };
    expect([misspelled, missing, mistyped, undefaulted, badChoice]).toHaveLength(5);
  });

  it("hands run the use case's options under its own names, read from their flags", async () => {
    let received: unknown;
    const greet = defineCommand<GreetOptions>()({
      name: "greet",
      summary: "greet",
      examples: [],
      positionals: [{ name: "name", required: true, description: "who" }],
      options: {
        language: { flag: "lang", type: "string", description: "greeting language" },
        maxItems: { type: "number", min: 0, description: "at most N" },
        tone: { type: "string", choices: ["plain", "loud"], default: "plain", description: "tone" },
        loud: { type: "boolean", description: "shout" },
      },
      output: defineOutput<{ greeting: string }>({ tool: "greet", text: (data) => data.greeting }),
      async run(options) {
        expectTypeOf(options.maxItems).toEqualTypeOf<number | undefined>();
        expectTypeOf(options.tone).toEqualTypeOf<"plain" | "loud">();
        expectTypeOf(options.name).toEqualTypeOf<string>();
        received = options;
        return { data: { greeting: `hello ${options.name}` } };
      },
    });
    expectTypeOf<OptionsOfCommand<typeof greet>["language"]>().toEqualTypeOf<string | undefined>();
    expect(greet.options.map((option) => [option.key, option.name])).toEqual([
      ["language", "lang"],
      ["maxItems", "max-items"],
      ["tone", "tone"],
      ["loud", "loud"],
    ]);

    const result = await greet.run({ name: "ada", lang: "en", "max-items": 3, tone: "loud", json: true }, bufferedIo());
    expect(received).toEqual({ json: true, name: "ada", language: "en", maxItems: 3, tone: "loud" });
    // The definition names its renderer: the result carries it to the output pipeline.
    expect(result.output?.text(result.data as never)).toBe("hello ada");
  });

  it("types the options from the table itself when no use case type is given", () => {
    const hello = defineCommand({
      name: "hello",
      summary: "hello",
      examples: [],
      positionals: [],
      options: { loud: { type: "boolean", default: false, description: "shout" }, repeatCount: { type: "number", description: "times" } },
      async run(options) {
        expectTypeOf(options.loud).toEqualTypeOf<boolean>();
        expectTypeOf(options.repeatCount).toEqualTypeOf<number | undefined>();
        return { data: null };
      },
    });
    expect(hello.options.map((option) => option.name)).toEqual(["loud", "repeat-count"]);
  });

  it("renders what run returns with the definition's renderer, typed against it and made from the result", async () => {
    const place = (options: { path?: string | undefined }) => ({ pathArg: options.path ?? ".", scope: null });
    const answer = defineCommand<{ question: string; path?: string | undefined; maxItems?: number | undefined }>()({
      name: "answer",
      summary: "answer",
      examples: [],
      positionals: [{ name: "question", required: true, description: "what to ask" }],
      options: { path: { type: "string", description: "where" }, maxItems: { type: "number", description: "at most N" } },
      // The budget the preview flags ask for, resolved by the definition machinery.
      async run(options, context) {
        const budget = await context.budget();
        return { data: { answer: 42, items: budget?.maxItems ?? null }, place: place(options) };
      },
      // A function of the run's result, its input and its I/O: what the run found spells the follow-up.
      output: ({ place }, options, io) =>
        defineOutput<{ answer: number; items: number | null }>({
          tool: "answer",
          text: (data) => `${options.question}: ${data.answer} (${data.items}) from ${io.cwd}, next: tsift answer --path ${place.pathArg}`,
        }),
    });
    const result = await answer.run({ question: "why", path: "sub", "max-items": 2 }, bufferedIo({ cwd: "/here" }));
    expect(result.output?.text(result.data as never)).toBe("why: 42 (2) from /here, next: tsift answer --path sub");

    const mismatched = defineCommand<{ question: string }>()({
      name: "mismatched",
      summary: "mismatched",
      examples: [],
      positionals: [{ name: "question", required: true, description: "what to ask" }],
      options: {},
      // @ts-expect-error the renderer reads `greeting`, which run's data does not have
      output: defineOutput<{ greeting: string }>({ tool: "mismatched", text: (data) => data.greeting }),
      async run() {
        return { data: { answer: 42 } };
      },
    });
    expect(mismatched.name).toBe("mismatched");
  });

  it("types a subcommand's renderer against its use case's data, with the group's options in its input", async () => {
    const subcommand = defineSubcommand({ path: { type: "string", description: "where" } });
    const ask = subcommand<{ question: string; maxItems?: number | undefined }>()({
      name: "ask",
      summary: "ask",
      examples: [],
      positionals: [{ name: "question", required: true, description: "what to ask" }],
      options: { maxItems: { type: "number", description: "at most N" } },
      async run(options) {
        expectTypeOf(options.path).toEqualTypeOf<string | undefined>();
        expectTypeOf(options.maxItems).toEqualTypeOf<number | undefined>();
        return { data: { answer: 42 } };
      },
      output: (_result, options) =>
        defineOutput<{ answer: number }>({ tool: "ask", text: (data) => `${options.question} in ${options.path ?? "."}: ${data.answer}` }),
    });
    const result = await ask.run({ question: "why", path: "sub" }, bufferedIo());
    expect(result.output?.text(result.data as never)).toBe("why in sub: 42");

    const mismatched = subcommand<{ question: string }>()({
      name: "mismatched",
      summary: "mismatched",
      examples: [],
      positionals: [{ name: "question", required: true, description: "what to ask" }],
      options: {},
      // @ts-expect-error the renderer reads `greeting`, which run's data does not have
      output: defineOutput<{ greeting: string }>({ tool: "mismatched", text: (data) => data.greeting }),
      async run() {
        return { data: { answer: 42 } };
      },
    });
    expect(mismatched.name).toBe("mismatched");
  });
});
