import { packageTestConfig } from "../../vitest.shared";

export default packageTestConfig("cli", { globalSetup: ["./test/generate-registries.setup.ts"] });
