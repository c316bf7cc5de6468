import { describe, expect, it } from "vitest";
import { rubyRoutes } from "./ruby-routes";

const routes = (source: string) => rubyRoutes(source).map((route) => [route.method, route.path, route.handler, route.line]);

describe("rails routes", () => {
  it("reads verb routes, root and match under namespaces and scopes", () => {
    const source = [
      "Rails.application.routes.draw do",
      '  root "pages#home"',
      '  get "/login", to: "sessions#new"',
      "  post 'login' => 'sessions#create'",
      '  match "/search", to: "search#run", via: [:get, :post]',
      "  namespace :admin do",
      '    get "stats", to: "dashboard#stats"',
      "  end",
      '  scope "/api", module: "v1" do',
      '    delete "/session", to: "sessions#destroy" # sign out',
      "  end",
      '  get "photos/search"',
      "end",
      "",
    ].join("\n");
    expect(routes(source)).toEqual([
      ["get", "/", "pages#home", 2],
      ["get", "/login", "sessions#new", 3],
      ["post", "/login", "sessions#create", 4],
      ["get", "/search", "search#run", 5],
      ["post", "/search", "search#run", 5],
      ["get", "/admin/stats", "admin/dashboard#stats", 7],
      ["delete", "/api/session", "v1/sessions#destroy", 10],
      ["get", "/photos/search", "photos#search", 12],
    ]);
  });

  it("draws resources with only/except, nesting, member and collection routes", () => {
    const source = [
      "Rails.application.routes.draw do",
      "  resources :users, only: [:index, :show] do",
      "    resources :posts,",
      "      except: [:new, :edit, :update, :destroy]",
      "    member do",
      "      get :preview",
      "    end",
      "    collection { get :search }",
      "  end",
      "  resource :profile, only: :show",
      "end",
      "",
    ].join("\n");
    expect(routes(source)).toEqual([
      ["get", "/users", "users#index", 2],
      ["get", "/users/:id", "users#show", 2],
      ["get", "/users/:user_id/posts", "posts#index", 3],
      ["post", "/users/:user_id/posts", "posts#create", 3],
      ["get", "/users/:user_id/posts/:id", "posts#show", 3],
      ["get", "/users/:id/preview", "users#preview", 6],
      ["get", "/users/search", "users#search", 8],
      ["get", "/profile", "profiles#show", 10],
    ]);
  });

  it("reads nothing from a file that draws no routes", () => {
    expect(rubyRoutes('get "/x", to: "a#b"\n')).toEqual([]);
  });
});
