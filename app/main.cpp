#include <cstdio>
int main() { std::puts("posviz"); return 0; }
