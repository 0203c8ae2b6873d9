module attack

go 1.22
