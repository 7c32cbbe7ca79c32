/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Loader types follow single fetch (v3_singleFetch): data() and plain objects, no json().
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
export {};
