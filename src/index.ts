// The public API of every library package. Storage adapters are on `tsift/sqlite` and
// `tsift/libsql` so importing this entry loads no native driver; the CLI is the `tsift` bin.
export * from "@tsift/core";
export * from "@tsift/graph";
export * from "@tsift/algorithms";
export * from "@tsift/index";
export * from "@tsift/search";
export * from "@tsift/digest";
export * from "@tsift/quality";
