package ui

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"
)

// Styles is built once (in main) and shared by the shell and the pages.
// Colours adapt to dark and light terminals; with noColor every style is
// plain. Meaning never rests on colour alone: the shell also uses markers,
// words and symbols.
type Styles struct {
	NoColor bool

	// Section bar.
	SectionBar      lipgloss.Style
	SectionActive   lipgloss.Style
	SectionInactive lipgloss.Style

	// Breadcrumb line.
	Breadcrumb    lipgloss.Style
	BreadcrumbTop lipgloss.Style

	// Status bar and connection states.
	StatusBar     lipgloss.Style
	StatusMuted   lipgloss.Style
	ConnOnline    lipgloss.Style
	ConnRetrying  lipgloss.Style
	ConnOffline   lipgloss.Style
	Spinner       lipgloss.Style
	HelpLine      help.Styles
	HelpFull      help.Styles
	ToastInfo     lipgloss.Style
	ToastSuccess  lipgloss.Style
	ToastWarn     lipgloss.Style
	Overlay       lipgloss.Style // the box drawn around overlays
	OverlayTitle  lipgloss.Style
	ErrorTitle    lipgloss.Style
	Button        lipgloss.Style
	ButtonFocused lipgloss.Style

	// Shared by pages and widgets.
	Title    lipgloss.Style
	Muted    lipgloss.Style
	Selected lipgloss.Style
	Header   lipgloss.Style
	Success  lipgloss.Style
	Warning  lipgloss.Style
	Error    lipgloss.Style
}

// Palette: each colour has a light-terminal and a dark-terminal variant.
var (
	colAccent  = lipgloss.AdaptiveColor{Light: "#5A3FC0", Dark: "#B7A4FF"}
	colAccentB = lipgloss.AdaptiveColor{Light: "#EDE8FF", Dark: "#3B2F6B"}
	colText    = lipgloss.AdaptiveColor{Light: "#1F1F1F", Dark: "#E6E6E6"}
	colMuted   = lipgloss.AdaptiveColor{Light: "#6B6B6B", Dark: "#8A8A8A"}
	colBarBg   = lipgloss.AdaptiveColor{Light: "#E4E4E4", Dark: "#262626"}
	colGreen   = lipgloss.AdaptiveColor{Light: "#1E7A34", Dark: "#6BD68A"}
	colYellow  = lipgloss.AdaptiveColor{Light: "#8A5A00", Dark: "#F2C94C"}
	colRed     = lipgloss.AdaptiveColor{Light: "#B3261E", Dark: "#FF8A80"}
	colSelBg   = lipgloss.AdaptiveColor{Light: "#D9D2FF", Dark: "#44386E"}
)

// StylesFromEnv builds Styles honouring NO_COLOR (https://no-color.org: set
// and not empty) and TERM=dumb.
func StylesFromEnv(getenv func(string) string) Styles {
	return NewStyles(getenv("NO_COLOR") != "" || getenv("TERM") == "dumb")
}

// NewStyles builds the shared styles; call it once.
func NewStyles(noColor bool) Styles {
	if noColor {
		return plainStyles()
	}
	s := lipgloss.NewStyle
	helpStyles := help.Styles{
		Ellipsis:       s().Foreground(colMuted),
		ShortKey:       s().Foreground(colAccent).Bold(true),
		ShortDesc:      s().Foreground(colMuted),
		ShortSeparator: s().Foreground(colMuted),
		FullKey:        s().Foreground(colAccent).Bold(true),
		FullDesc:       s().Foreground(colText),
		FullSeparator:  s().Foreground(colMuted),
	}
	return Styles{
		SectionBar:      s(),
		SectionActive:   s().Foreground(colAccent).Background(colAccentB).Bold(true),
		SectionInactive: s().Foreground(colMuted),
		Breadcrumb:      s().Foreground(colMuted),
		BreadcrumbTop:   s().Foreground(colText).Bold(true),
		StatusBar:       s().Foreground(colText).Background(colBarBg),
		StatusMuted:     s().Foreground(colMuted).Background(colBarBg),
		ConnOnline:      s().Foreground(colGreen).Background(colBarBg),
		ConnRetrying:    s().Foreground(colYellow).Background(colBarBg),
		ConnOffline:     s().Foreground(colRed).Background(colBarBg).Bold(true),
		Spinner:         s().Foreground(colAccent).Background(colBarBg),
		HelpLine:        helpStyles,
		HelpFull:        helpStyles,
		ToastInfo:       s().Foreground(colAccent),
		ToastSuccess:    s().Foreground(colGreen).Bold(true),
		ToastWarn:       s().Foreground(colYellow).Bold(true),
		Overlay:         s().Border(lipgloss.RoundedBorder()).BorderForeground(colAccent).Padding(0, 1),
		OverlayTitle:    s().Foreground(colAccent).Bold(true),
		ErrorTitle:      s().Foreground(colRed).Bold(true),
		Button:          s().Foreground(colMuted),
		ButtonFocused:   s().Foreground(colAccent).Background(colAccentB).Bold(true),
		Title:           s().Foreground(colAccent).Bold(true),
		Muted:           s().Foreground(colMuted),
		Selected:        s().Background(colSelBg).Bold(true),
		Header:          s().Foreground(colMuted).Bold(true),
		Success:         s().Foreground(colGreen),
		Warning:         s().Foreground(colYellow),
		Error:           s().Foreground(colRed),
	}
}

// plainStyles has no colours and no attributes: markers and words carry the
// meaning. Borders are characters, not colours, so they stay.
func plainStyles() Styles {
	p := lipgloss.NewStyle()
	h := help.Styles{Ellipsis: p, ShortKey: p, ShortDesc: p, ShortSeparator: p, FullKey: p, FullDesc: p, FullSeparator: p}
	return Styles{
		NoColor:    true,
		SectionBar: p, SectionActive: p, SectionInactive: p,
		Breadcrumb: p, BreadcrumbTop: p,
		StatusBar: p, StatusMuted: p, ConnOnline: p, ConnRetrying: p, ConnOffline: p, Spinner: p,
		HelpLine: h, HelpFull: h,
		ToastInfo: p, ToastSuccess: p, ToastWarn: p,
		Overlay:      lipgloss.NewStyle().Border(lipgloss.NormalBorder()).Padding(0, 1),
		OverlayTitle: p, ErrorTitle: p, Button: p, ButtonFocused: p,
		Title: p, Muted: p, Selected: lipgloss.NewStyle().Reverse(true), Header: p,
		Success: p, Warning: p, Error: p,
	}
}
