import { describe, expect, it } from "vitest";
import { PHP_MODULES } from "./php-modules";

const files = new Set([
  "src/App/Main.php",
  "src/Repo/UserRepository.php",
  "src/Repo/functions.php",
  "src/lib/helpers.php",
  "src/Admin/User.php",
  "src/Shop/User.php",
  "src/Command/Command.php",
  "src/Exception/InvalidArgumentException.php",
  "lib/Client.php",
  "Psr/EventDispatcher/EventDispatcherInterface.php",
  "Symfony/Component/Finder/SplFileInfo.php",
]);
const resolve = (fromFile: string, module: string, name: string | null = null) =>
  PHP_MODULES.resolve({ fromFile, module, name, files, packages: { empty: true, resolve: () => null } });

describe("php module system", () => {
  it("finds include paths relative to the including file", () => {
    expect(resolve("src/App/Main.php", "../lib/helpers.php")).toEqual(["src/lib/helpers.php"]);
    expect(resolve("src/Repo/UserRepository.php", "./functions.php")).toEqual(["src/Repo/functions.php"]);
    expect(resolve("src/App/Main.php", "missing.php")).toEqual([]);
  });

  it("finds a used class in the PSR-4 file named after it", () => {
    expect(resolve("src/App/Main.php", "App\\Repo\\UserRepository", "UserRepository")).toEqual(["src/Repo/UserRepository.php"]);
    // The namespace's segments pick one of two same-named classes.
    expect(resolve("src/App/Main.php", "App\\Shop\\User", "User")).toEqual(["src/Shop/User.php"]);
    // A two-segment prefix mapped to a source root.
    expect(resolve("src/App/Main.php", "Vendor\\Http\\Client", "Client")).toEqual(["lib/Client.php"]);
  });

  it("finds a used function in its namespace's functions file", () => {
    expect(resolve("src/App/Main.php", "App\\Repo\\persist", "persist")).toEqual(["src/Repo/functions.php"]);
  });

  it("finds nothing for a namespace without a functions file, ties, or a package's class outside the index", () => {
    expect(resolve("src/App/Main.php", "App\\Admin\\persist", "persist")).toEqual([]);
    expect(resolve("src/App/Main.php", "App\\User", "User")).toEqual([]);
    expect(resolve("src/App/Main.php", "Symfony\\Component\\Console\\Command\\Command", "Command")).toEqual([]);
    expect(resolve("src/App/Main.php", "Psr\\Log\\InvalidArgumentException", "InvalidArgumentException")).toEqual([]);
    expect(resolve("src/App/Main.php", "Symfony\\Contracts\\EventDispatcher\\EventDispatcherInterface", "EventDispatcherInterface")).toEqual([]);
    expect(resolve("src/App/Main.php", "SplFileInfo", "SplFileInfo")).toEqual([]);
    // A layout that mirrors the whole namespace needs no source root.
    expect(resolve("src/App/Main.php", "Symfony\\Component\\Finder\\SplFileInfo", "SplFileInfo")).toEqual(["Symfony/Component/Finder/SplFileInfo.php"]);
  });
});
