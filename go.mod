module github.com/bridgetd/bridgetd

go 1.26
