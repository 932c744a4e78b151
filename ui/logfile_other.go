//go:build !unix

package ui

// noFollow: no such flag here; openLogFile's Lstat check is what remains.
const noFollow = 0
