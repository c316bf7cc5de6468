import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const routes = (...lines: string[]) =>
  extractFile("php", ["<?php", ...lines, ""].join("\n")).routes.map((r) => [r.framework, r.method, r.path, r.handler, r.line, r.handler_line]);

describe("php routes", () => {
  it("reads Laravel's Route facade: controller pairs, actions, closures and match", () => {
    expect(
      routes(
        "use App\\Http\\Controllers\\UserController;",
        "Route::get('/users', [UserController::class, 'index']);",
        "Route::post('users/{id}', 'UserController@store');",
        "Route::delete('/users/{id}', function ($id) { return 1; });",
        "Route::match(['get', 'post'], '/form', FormController::class);",
        "Route::resource('photos', PhotoController::class);",
        "Route::get($dynamic, fn () => 1);",
      ),
    ).toEqual([
      ["laravel", "get", "/users", "UserController.index", 3, null],
      ["laravel", "post", "/users/{id}", "UserController.store", 4, null],
      ["laravel", "delete", "/users/{id}", "<inline>", 5, null],
      ["laravel", "get", "/form", "FormController", 6, null],
      ["laravel", "post", "/form", "FormController", 6, null],
    ]);
  });

  it("reads Symfony route attributes and annotations under the controller's prefix", () => {
    expect(
      routes(
        "#[Route('/blog')]",
        "class BlogController extends AbstractController",
        "{",
        "    #[Route('/{slug}', name: 'blog_show', methods: ['GET', 'HEAD'])]",
        "    public function show(string $slug): Response {}",
        "",
        "    /**",
        '     * @Route("/new", methods={"POST"})',
        "     */",
        "    public function create(): Response {}",
        "    #[Route(path: '/all')]",
        "    public function all(): Response {}",
        "}",
      ),
    ).toEqual([
      ["symfony", "get", "/blog/{slug}", "BlogController.show", 5, 6],
      ["symfony", "head", "/blog/{slug}", "BlogController.show", 5, 6],
      ["symfony", "post", "/blog/new", "BlogController.create", 9, 11],
      ["symfony", "any", "/blog/all", "BlogController.all", 12, 13],
    ]);
  });

  it("finds no route in a file that names none", () => {
    expect(routes("class Router { public function route() { return $this->get('/x'); } }")).toEqual([]);
  });
});
