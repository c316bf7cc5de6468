import { describe, expect, it } from "vitest";
import { detectRoutes } from "./detect-routes";

const lines = (...text: string[]) => text.join("\n");

describe("detectRoutes — acceptance cases (1-based lines)", () => {
  it('axum: Router::new().route("/users", get(list_users))', () => {
    expect(detectRoutes("rust", 'Router::new().route("/users", get(list_users));')).toEqual([
      { framework: "axum", method: "get", path: "/users", handler: "list_users", line: 1, handler_line: null },
    ]);
  });

  it("actix: #[post] attribute followed by the handler fn gives exactly one route", () => {
    expect(detectRoutes("rust", lines('#[post("/submit")]', "async fn submit_form() {}"))).toEqual([
      { framework: "actix", method: "post", path: "/submit", handler: "submit_form", line: 1, handler_line: 2 },
    ]);
  });

  it("fastapi: @router.get with a path parameter", () => {
    expect(detectRoutes("python", lines('@router.get("/items/{item_id}")', "def read_item(item_id: str):", "    return item_id"))).toEqual([
      { framework: "fastapi", method: "get", path: "/items/{item_id}", handler: "read_item", line: 1, handler_line: 2 },
    ]);
  });

  it('express: router.post("/users", createUser) gives exactly one route', () => {
    expect(detectRoutes("typescript", 'router.post("/users", createUser);')).toEqual([
      { framework: "express", method: "post", path: "/users", handler: "createUser", line: 1, handler_line: null },
    ]);
  });

  it('fastapi: @router.get("/items") then def list_items()', () => {
    expect(detectRoutes("python", lines('@router.get("/items")', "def list_items():", "    return []"))).toEqual([
      { framework: "fastapi", method: "get", path: "/items", handler: "list_items", line: 1, handler_line: 2 },
    ]);
  });
});

describe("detectRoutes — express", () => {
  it("takes the last argument as the handler, the others are middleware", () => {
    expect(detectRoutes("javascript", "router.get('/x', auth, validate(schema), handler);")).toEqual([
      { framework: "express", method: "get", path: "/x", handler: "handler", line: 1, handler_line: null },
    ]);
  });

  it("names dotted handlers as written and sees through wrappers and bind", () => {
    const source = lines("app.get('/a', routes.health);", "app.post('/b', asyncHandler(users.create));", "app.put('/c', controller.update.bind(controller));");
    expect(detectRoutes("javascript", source).map((route) => route.handler)).toEqual(["routes.health", "users.create", "controller.update"]);
  });

  it("marks functions written in place as <inline>", () => {
    const source = lines("app.get('/a', (req, res) => res.send('ok'));", "app.post('/b', async function (req, res) {", "});", "app.delete('/c', req => null);");
    expect(detectRoutes("javascript", source).map((route) => [route.method, route.handler, route.line])).toEqual([
      ["get", "<inline>", 1],
      ["post", "<inline>", 2],
      ["delete", "<inline>", 4],
    ]);
  });

  it("reads arguments written one per line", () => {
    const source = lines("router.patch(", '  "/users/:id",', "  requireAuth,", "  updateUser,", ");");
    expect(detectRoutes("typescript", source)).toEqual([
      { framework: "express", method: "patch", path: "/users/:id", handler: "updateUser", line: 1, handler_line: null },
    ]);
  });

  it("gives each method of an app.route() chain the chain's path", () => {
    const source = lines("app.route('/books')", "  .get(listBooks)", "  .post(auth, createBook);", "app.route('/x').put(replace);");
    expect(detectRoutes("javascript", source)).toEqual([
      { framework: "express", method: "get", path: "/books", handler: "listBooks", line: 2, handler_line: null },
      { framework: "express", method: "post", path: "/books", handler: "createBook", line: 3, handler_line: null },
      { framework: "express", method: "put", path: "/x", handler: "replace", line: 4, handler_line: null },
    ]);
  });

  it("maps app.all to any", () => {
    expect(detectRoutes("javascript", "app.all('*', notFound);")[0]).toMatchObject({ method: "any", path: "*", handler: "notFound" });
  });

  it("ignores map lookups, HTTP clients, calls without a handler and comments", () => {
    const source = lines(
      "const user = cache.get('user', fallback);",
      "const response = await axios.get('/api/users', { params });",
      "await request(app).get('/users').expect(200);",
      "// app.get('/commented', handler);",
      "const v = headers.get('content-type');",
      "this.http.post('/login', body);",
    );
    expect(detectRoutes("typescript", source)).toEqual([]);
  });

  it("finds several routes on one line", () => {
    const source = "app.get('/a', a); app.post('/b', b);";
    expect(detectRoutes("javascript", source).map((route) => route.path)).toEqual(["/a", "/b"]);
  });
});

describe("detectRoutes — nestjs", () => {
  const controller = lines(
    "@Controller('users')",
    "export class UsersController {",
    "  @Get()",
    "  public async findAll(): Promise<User[]> {",
    "    return [];",
    "  }",
    "",
    "  @Get(':id')",
    "  @UseGuards(AuthGuard)",
    "  async findOne(@Param('id') id: string) {}",
    "",
    "  @Post() create(@Body() dto: CreateUserDto) {}",
    "",
    "  @Delete(':id')",
    "  // removes for good",
    "  protected remove(id: string) {}",
    "",
    "  @All('*')",
    "  fallback() {}",
    "}",
  );

  it("combines the controller prefix with the method path and skips modifiers in handler names", () => {
    expect(detectRoutes("typescript", controller)).toEqual([
      { framework: "nestjs", method: "get", path: "/users", handler: "findAll", line: 3, handler_line: 4 },
      { framework: "nestjs", method: "get", path: "/users/:id", handler: "findOne", line: 8, handler_line: 10 },
      { framework: "nestjs", method: "post", path: "/users", handler: "create", line: 12, handler_line: 12 },
      { framework: "nestjs", method: "delete", path: "/users/:id", handler: "remove", line: 14, handler_line: 16 },
      { framework: "nestjs", method: "any", path: "/users/*", handler: "fallback", line: 18, handler_line: 19 },
    ]);
  });

  it("reads the controller path from an options object and routes without a controller from /", () => {
    const source = lines("@Controller({ path: 'admin', version: '1' })", "class Admin {", "  @Put('stats/reset')", "  reset() {}", "}");
    expect(detectRoutes("typescript", source)).toEqual([
      { framework: "nestjs", method: "put", path: "/admin/stats/reset", handler: "reset", line: 3, handler_line: 4 },
    ]);
    expect(detectRoutes("typescript", lines("class Health {", "  @Get('health')", "  check() {}", "}"))[0]).toMatchObject({
      path: "/health",
      handler: "check",
    });
  });

  it("skips decorators whose path is not a literal", () => {
    expect(detectRoutes("typescript", lines("@Controller('x')", "class A {", "  @Get(ROUTES.list)", "  list() {}", "}"))).toEqual([]);
  });
});

describe("detectRoutes — fastapi and flask", () => {
  it("joins an APIRouter prefix and handles async def and stacked decorators", () => {
    const source = lines(
      "from fastapi import APIRouter",
      'router = APIRouter(prefix="/users", tags=["users"])',
      "",
      '@router.get("/{user_id}")',
      '@router.head("/{user_id}")',
      "async def read_user(user_id: int):",
      "    ...",
    );
    expect(detectRoutes("python", source)).toEqual([
      { framework: "fastapi", method: "get", path: "/users/{user_id}", handler: "read_user", line: 4, handler_line: 6 },
      { framework: "fastapi", method: "head", path: "/users/{user_id}", handler: "read_user", line: 5, handler_line: 6 },
    ]);
  });

  it("flask: route with methods gives one route per method; verb decorators are flask when flask is imported", () => {
    const source = lines(
      "from flask import Blueprint",
      'bp = Blueprint("auth", __name__, url_prefix="/auth")',
      '@bp.route("/login", methods=["GET", "POST"])',
      "def login():",
      "    pass",
      '@bp.get("/logout")',
      "def logout():",
      "    pass",
      '@app.route("/")',
      "def index():",
      "    pass",
    );
    expect(detectRoutes("python", source)).toEqual([
      { framework: "flask", method: "get", path: "/auth/login", handler: "login", line: 3, handler_line: 4 },
      { framework: "flask", method: "post", path: "/auth/login", handler: "login", line: 3, handler_line: 4 },
      { framework: "flask", method: "get", path: "/auth/logout", handler: "logout", line: 6, handler_line: 7 },
      { framework: "flask", method: "route", path: "/", handler: "index", line: 9, handler_line: 10 },
    ]);
  });

  it("needs a path literal and ignores commented decorators", () => {
    expect(detectRoutes("python", lines("@app.get(PATH)", "def a(): pass", '# @app.get("/x")', "def b(): pass"))).toEqual([]);
  });
});

describe("detectRoutes — axum and actix", () => {
  it("axum: one route per method of a method router, multi-line arguments, paths and closures", () => {
    const source = lines(
      "let app = Router::new()",
      '    .route("/users", get(handlers::list_users).post(create_user))',
      "    .route(",
      '        "/health",',
      '        get(|| async { "ok" }),',
      "    );",
    );
    expect(detectRoutes("rust", source)).toEqual([
      { framework: "axum", method: "get", path: "/users", handler: "list_users", line: 2, handler_line: null },
      { framework: "axum", method: "post", path: "/users", handler: "create_user", line: 2, handler_line: null },
      { framework: "axum", method: "get", path: "/health", handler: "<inline>", line: 3, handler_line: null },
    ]);
  });

  it("actix: handler on the same line, path-qualified attributes and route with methods", () => {
    const source = lines(
      '#[get("/")] async fn index() -> impl Responder { "hi" }',
      '#[actix_web::put("/items/{id}")]',
      "#[allow(dead_code)]",
      "pub async fn replace_item() {}",
      '#[route("/both", method = "GET", method = "POST")]',
      "async fn both() {}",
    );
    expect(detectRoutes("rust", source)).toEqual([
      { framework: "actix", method: "get", path: "/", handler: "index", line: 1, handler_line: 1 },
      { framework: "actix", method: "put", path: "/items/{id}", handler: "replace_item", line: 2, handler_line: 4 },
      { framework: "actix", method: "get", path: "/both", handler: "both", line: 5, handler_line: 6 },
      { framework: "actix", method: "post", path: "/both", handler: "both", line: 5, handler_line: 6 },
    ]);
  });

  it("actix-web's own .route() builder (no path literal) is not an axum route", () => {
    expect(detectRoutes("rust", 'web::resource("/x").route(web::get().to(show))')).toEqual([]);
  });
});

describe("detectRoutes — other languages", () => {
  it("returns nothing for languages without route frameworks", () => {
    expect(detectRoutes("kotlin", '@GetMapping("/x") fun x() {}')).toEqual([]);
    expect(detectRoutes("markdown", "app.get('/x', h)")).toEqual([]);
  });
});
