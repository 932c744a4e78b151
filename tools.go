//go:build tools

// Package main: this file only pins dependencies until the code that imports them lands.
package main

import (
	_ "github.com/BurntSushi/toml"
	_ "github.com/adrg/xdg"
	_ "github.com/charmbracelet/bubbles/filepicker"
	_ "github.com/charmbracelet/bubbles/help"
	_ "github.com/charmbracelet/bubbles/key"
	_ "github.com/charmbracelet/bubbles/spinner"
	_ "github.com/charmbracelet/bubbles/table"
	_ "github.com/charmbracelet/bubbles/textinput"
	_ "github.com/charmbracelet/bubbles/viewport"
	_ "github.com/charmbracelet/bubbletea"
	_ "github.com/charmbracelet/huh"
	_ "github.com/charmbracelet/lipgloss"
	_ "github.com/charmbracelet/x/exp/teatest"
	_ "github.com/google/go-cmp/cmp"
	_ "github.com/shopspring/decimal"
	_ "github.com/zalando/go-keyring"
	_ "golang.org/x/oauth2"
	_ "golang.org/x/time/rate"
)
