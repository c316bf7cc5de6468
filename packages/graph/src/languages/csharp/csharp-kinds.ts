import type { RouteFramework, SymbolKind } from "../../extraction-types";

/**
 * Symbol kinds of C# that `SymbolKind` does not list yet. The index already treats `record`
 * as a type that holds members and as constructible. A field, an event and a delegate have
 * kinds of their own: none of them is a target the resolver may take for a call (a field is
 * no method, an event is invoked through `Invoke`, a delegate type is never called by its
 * name), which a `property` or a `type_alias` would claim. The casts go once `SymbolKind`
 * lists the four.
 */
export const RECORD_KIND = "record" as string as SymbolKind;
export const FIELD_KIND = "field" as string as SymbolKind;
export const EVENT_KIND = "event" as string as SymbolKind;
export const DELEGATE_KIND = "delegate" as string as SymbolKind;

/** ASP.NET Core (controllers and minimal APIs); the cast goes once `RouteFramework` lists it. */
export const ASPNET_FRAMEWORK = "aspnet" as string as RouteFramework;
