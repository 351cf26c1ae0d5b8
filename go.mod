module github.com/bridgetd/bridgetd

go 1.26

require codeberg.org/go-pdf/fpdf v0.12.0
