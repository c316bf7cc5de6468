import { describe, expect, it } from "vitest";
import { csharpRoutes } from "./csharp-routes";

const lines = (...text: string[]) => text.join("\n");
const routes = (source: string) => csharpRoutes(source).map((route) => [route.method, route.path, route.handler, route.line, route.handler_line]);

describe("ASP.NET Core routes", () => {
  it("joins action templates to the controller's route, replacing [controller] and [action]", () => {
    const source = lines(
      "[ApiController]",
      '[Route("api/[controller]")]',
      "public class UsersController : ControllerBase",
      "{",
      "    [HttpGet]",
      "    public IActionResult List() => Ok();",
      "",
      '    [HttpGet("{id:int}")]',
      "    public async Task<IActionResult> Get(int id) { return Ok(); }",
      "",
      '    [HttpPost, Route("[action]")]',
      "    public IActionResult Create(User user) => Ok();",
      "",
      '    [HttpPut("/absolute/{id}", Name = "put")]',
      '    [HttpPatch("~/rooted")]',
      "    public IActionResult Update(int id) => Ok();",
      "",
      '    [Route("any")]',
      "    public IActionResult Anything() => Ok();",
      "",
      "    public IActionResult NotRouted() => Ok();",
      "}",
    );
    expect(routes(source)).toEqual([
      ["get", "/api/Users", "List", 5, 6],
      ["get", "/api/Users/{id:int}", "Get", 8, 9],
      ["post", "/api/Users/Create", "Create", 11, 12],
      ["put", "/absolute/{id}", "Update", 14, 16],
      ["patch", "/rooted", "Update", 15, 16],
      ["any", "/api/Users/any", "Anything", 18, 19],
    ]);
    expect(csharpRoutes(source)[0]!.framework).toBe("aspnet");
  });

  it("reads attributes written on the action's own line and ignores commented ones", () => {
    const source = lines(
      '[Route("orders")]',
      "class Orders {",
      '  [HttpDelete("{id}")] public void Remove(int id) { }',
      '  // [HttpGet("x")]',
      "  public void Hidden() { }",
      "}",
    );
    expect(routes(source)).toEqual([["delete", "/orders/{id}", "Remove", 3, 3]]);
  });

  it("reads minimal APIs with group prefixes, method groups and inline handlers", () => {
    const source = lines(
      "var app = builder.Build();",
      'app.MapGet("/", () => "ok");',
      'var api = app.MapGroup("/api");',
      'var users = api.MapGroup("users");',
      'users.MapPost("/{id}", Handlers.CreateUser);',
      "users.MapDelete(",
      '    "/{id}",',
      "    async (int id, Db db) => await db.Remove(id));",
      'app.MapMethods("/multi", new[] { "GET", "HEAD" }, Multi);',
      '// app.MapGet("/commented", X);',
    );
    expect(routes(source)).toEqual([
      ["get", "/", "<inline>", 2, null],
      ["post", "/api/users/{id}", "Handlers.CreateUser", 5, null],
      ["delete", "/api/users/{id}", "<inline>", 6, null],
      ["get", "/multi", "Multi", 9, null],
      ["head", "/multi", "Multi", 9, null],
    ]);
  });
});
