// Package releaseconfig holds the check of the release configuration
// (.goreleaser.yaml at the root): what GoReleaser would build, read as
// GoReleaser reads it, without GoReleaser itself, whose build is too heavy
// for CI's budget (see the test).
package releaseconfig
