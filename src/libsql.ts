// Storage adapters live on subpaths so `import "tsift"` never loads a native driver.
export * from "@tsift/libsql";
