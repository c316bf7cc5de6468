// The public API of every library package. Storage adapters are on `tsift/sqlite` and
// `tsift/libsql` so importing this entry loads no native driver.
export * from "@tsift/core";
