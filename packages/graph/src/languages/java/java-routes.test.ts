import { describe, expect, it } from "vitest";
import { springRoutes } from "./java-routes";

describe("spring routes", () => {
  it("joins the class mapping to each method mapping, one route per path and method", () => {
    const source = [
      "@RestController",
      '@RequestMapping("/api/users")',
      "public class UserController {",
      '  // @GetMapping("/commented") is no route',
      '  @GetMapping("/{id}")',
      "  public User get(@PathVariable String id) { return repo.find(id); }",
      "",
      "  @PostMapping",
      "  @ResponseStatus(HttpStatus.CREATED)",
      "  public User create(@RequestBody User user) { return user; }",
      "",
      '  @RequestMapping(path = {"/a", "/b"}, method = {RequestMethod.GET, RequestMethod.HEAD})',
      "  List<User> both() { return List.of(); }",
      "",
      '  @org.springframework.web.bind.annotation.DeleteMapping(value = "/{id}", produces = "application/json") void delete(String id) {}',
      "",
      "  @GetMapping(PATH)",
      "  void constant() {}",
      "}",
    ].join("\n");
    expect(springRoutes(source).map((route) => [route.method, route.path, route.handler, route.line, route.handler_line])).toEqual([
      ["get", "/api/users/{id}", "get", 5, 6],
      ["post", "/api/users", "create", 8, 10],
      ["get", "/api/users/a", "both", 12, 13],
      ["head", "/api/users/a", "both", 12, 13],
      ["get", "/api/users/b", "both", 12, 13],
      ["head", "/api/users/b", "both", 12, 13],
      ["delete", "/api/users/{id}", "delete", 15, 15],
    ]);
    expect(springRoutes(source)[0]!.framework).toBe("spring");
  });

  it("gives a RequestMapping without a method every method, and a class without a mapping no prefix", () => {
    const source = 'class Plain {\n  @RequestMapping("/health")\n  String health() { return "ok"; }\n}\n';
    expect(springRoutes(source).map((route) => [route.method, route.path, route.handler])).toEqual([["any", "/health", "health"]]);
    expect(springRoutes("class A { void f() {} }")).toEqual([]);
  });
});
