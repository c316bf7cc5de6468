import { describe, expect, it } from "vitest";
import { goRoutes } from "./go-routes";

const routes = (source: string) => goRoutes(source).map((r) => [r.framework, r.method, r.path, r.handler, r.line]);

describe("go routes", () => {
  it("reads net/http registrations on the default mux and on any mux, with Go 1.22 method patterns", () => {
    const source = [
      "package main",
      "",
      'import "net/http"',
      "",
      "func main() {",
      '\thttp.HandleFunc("/health", health)',
      "\tmux := http.NewServeMux()",
      '\tmux.HandleFunc("GET /users/{id}", srv.getUser)',
      '\tmux.Handle("/static/", http.StripPrefix("/static/", files))',
      '\tmux.Handle("/api", http.HandlerFunc(api))',
      "\tmux.HandleFunc(`/raw`, func(w http.ResponseWriter, r *http.Request) {})",
      '\t// mux.HandleFunc("/old", old)',
      "\tmux.HandleFunc(pattern, dynamic)",
      "}",
      "",
    ].join("\n");
    expect(routes(source)).toEqual([
      ["net/http", "any", "/health", "health", 6],
      ["net/http", "get", "/users/{id}", "getUser", 8],
      ["net/http", "any", "/static/", "StripPrefix", 9],
      ["net/http", "any", "/api", "api", 10],
      ["net/http", "any", "/raw", "<inline>", 11],
    ]);
  });

  it("reads gin routes with group prefixes, middleware before the handler and Handle with a method", () => {
    const source = [
      "package main",
      "",
      'import "github.com/gin-gonic/gin"',
      "",
      "func routes(r *gin.Engine) {",
      '\tr.GET("/users/:id", getUser)',
      '\tapi := r.Group("/api")',
      '\tv1 := api.Group("v1")',
      '\tv1.POST("/users", auth, h.createUser)',
      '\tapi.Any("/echo", func(c *gin.Context) {})',
      '\tr.Handle("DELETE", "/users/:id", deleteUser)',
      "}",
      "",
    ].join("\n");
    expect(routes(source)).toEqual([
      ["gin", "get", "/users/:id", "getUser", 6],
      ["gin", "post", "/api/v1/users", "createUser", 9],
      ["gin", "any", "/api/echo", "<inline>", 10],
      ["gin", "delete", "/users/:id", "deleteUser", 11],
    ]);
  });

  it("reads echo and chi only where the file imports them", () => {
    const echo = 'package main\n\nimport "github.com/labstack/echo/v4"\n\nfunc r(e *echo.Echo) {\n\te.GET("/x", list)\n}\n';
    const chi = 'package main\n\nimport "github.com/go-chi/chi/v5"\n\nfunc r(m chi.Router) {\n\tm.Get("/x", list)\n\tm.Post("/x", create)\n}\n';
    const neither = 'package main\n\nfunc r() {\n\tcache.Get("/x", v)\n\tclient.Get("http://x")\n}\n';
    expect(routes(echo)).toEqual([["echo", "get", "/x", "list", 6]]);
    expect(routes(chi)).toEqual([
      ["chi", "get", "/x", "list", 6],
      ["chi", "post", "/x", "create", 7],
    ]);
    expect(routes(neither)).toEqual([]);
  });
});
