// Package config holds what kasa knows before it talks to the service: the
// settings file and its environment and flag overrides, the XDG paths of its
// files, and the credential store that keeps the client secret and tokens.
//
// Secrets never live in [Settings]: the client secret comes from the
// credential store or KASA_CLIENT_SECRET ([EnvClientSecret]), and tokens only
// from the credential store ([SecretStore]). The package imports nothing else
// of kasa and knows no UI.
package config
